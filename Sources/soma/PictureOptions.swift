import ArgumentParser
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
struct PictureOptions: ParsableArguments {
    enum Style: String, ExpressibleByArgument, CaseIterable {
        case ascii, blocks

        // The values as argument-parser would describe them, written out: its defaults reach
        // them by reflection ("\(self)"), some 2 million instructions at the start of every
        // `soma solve` (issue 14, start-up).
        static var allValueStrings: [String] { allCases.map(\.rawValue) }
        static var allValueDescriptions: [String: String] { [:] }
        var defaultValueDescription: String { rawValue }
    }

    @Option(help: "Picture style: ascii (any terminal) or blocks (Unicode half blocks, needs colour).")
    var style: Style = .ascii

    @Option(help: "Which of the four isometric views (0-3), each a quarter turn around the figure.")
    var view: Int = 0

    @Option(help: "Width of the picture in columns.")
    var width: Int = 60

    func validate() throws {
        guard (0...3).contains(view) else { throw ValidationError("--view must be 0, 1, 2 or 3") }
        guard (8...1000).contains(width) else { throw ValidationError("--width must be between 8 and 1000") }
    }

    var glyphs: RenderStyle.Glyphs { style == .blocks ? .blocks : .ascii }

    /// Colours only when stdout is a terminal and `NO_COLOR` is unset (no-color.org); 256 colours
    /// when TERM says so, the 16 ANSI colours otherwise.
    var colors: RenderStyle.Colors {
        let env = ProcessInfo.processInfo.environment
        guard isatty(STDOUT_FILENO) == 1, env["NO_COLOR"].map(\.isEmpty) ?? true else { return .none }
        let term = env["TERM"] ?? ""
        if term == "dumb" { return .none }
        return term.contains("256") || env["COLORTERM"] != nil ? .xterm256 : .ansi16
    }
}
