import ArgumentParser
import CommandOptions
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Scene

/// The options every command that prints an isometric picture shares (`soma show`,
/// `soma solve --draw`), so they read and behave the same in both places.
public struct PictureOptions: ParsableArguments {
    public enum Style: String, ExpressibleByArgument, CaseIterable {
        case ascii, blocks

        // The values as argument-parser would describe them, written out: its defaults reach
        // them by reflection ("\(self)"), some 2 million instructions at the start of every
        // `soma solve` (issue 14, start-up).
        public static var allValueStrings: [String] { allCases.map(\.rawValue) }
        public static var allValueDescriptions: [String: String] { [:] }
        public var defaultValueDescription: String { rawValue }
    }

    @Option(help: "Picture style: ascii (any terminal) or blocks (Unicode half blocks in colour; default on a UTF-8 terminal).")
    public var style: Style?

    // Read by their own types: a view out of 0-3 or a width out of 8-1000 is the parser's to
    // answer, naming the option, with its help line saying what it takes.
    @Option(name: .customLong("view"), help: "Which of the four isometric views (0-3), each a quarter turn around the figure.")
    var chosenView = WholeNumber<Views>(clamping: 0)

    @Option(name: .customLong("width"), help: "Width of the picture in columns (8 to 1000).")
    var chosenWidth = WholeNumber<Widths>(clamping: 60)

    /// `--view`'s bounds: the four isometric views.
    enum Views: NumberBounds { static var range: ClosedRange<Int> { 0...3 } }
    /// `--width`'s bounds, in columns.
    enum Widths: NumberBounds { static var range: ClosedRange<Int> { 8...1000 } }

    public init() {}

    /// Which isometric view (0-3).
    public var view: Int { chosenView.value }
    /// The picture's width in columns.
    public var width: Int { chosenWidth.value }

    /// `--style`, or by default blocks on a terminal whose locale is UTF-8 (they read far
    /// better than the ascii art) and ascii anywhere else (a file, a pipe, the C locale).
    public var glyphs: RenderStyle.Glyphs {
        switch style {
        case .blocks?: .blocks
        case .ascii?: .ascii
        case nil: isatty(STDOUT_FILENO) == 1 && Self.localeIsUTF8 ? .blocks : .ascii
        }
    }

    /// Colours when stdout is a terminal, or when blocks were asked for by name (`--style
    /// blocks` into a file or a pipe: half blocks are a picture in colour, and `less -R` shows
    /// it), never when `NO_COLOR` is set (no-color.org: then blocks become glyph shading).
    /// 256 colours when TERM or COLORTERM says so or TERM is of a family that shows them, the 16
    /// ANSI colours otherwise.
    public var colors: RenderStyle.Colors {
        let env = ProcessInfo.processInfo.environment
        guard env["NO_COLOR"].map(\.isEmpty) ?? true else { return .none }
        guard isatty(STDOUT_FILENO) == 1 || style == .blocks else { return .none }
        let term = env["TERM"] ?? ""
        if term == "dumb" && style != .blocks { return .none }
        let family = ["xterm", "screen", "tmux", "rxvt-unicode", "putty"].contains { term.hasPrefix($0) }
        return term.contains("256") || env["COLORTERM"] != nil || family || isatty(STDOUT_FILENO) != 1 ? .xterm256 : .ansi16
    }

    /// Whether the locale's character set is UTF-8 (as the games decide it).
    static var localeIsUTF8: Bool {
        setlocale(LC_ALL, "")
        return String(cString: nl_langinfo(nl_item(CODESET))).uppercased().filter { $0 != "-" } == "UTF8"
    }
}
