import ArgumentParser
import Files
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Game
import Polycube
import Scene
import Terminal

/// How the games look and read, as the player chose: the command line first, then the
/// environment (`SOMA_THEME`, `SOMA_PLAIN`, `SOMA_PALETTE`), then the settings file
/// (`$XDG_CONFIG_HOME/soma/config.toml`), then the defaults. `soma play`, `soma pento` and
/// `soma design` share it.
public struct AppearanceOptions: ParsableArguments {
    @Flag(help: "Plain mode: the figure's plan and the position in words instead of the 3-D scene (for screen readers and braille displays; also SOMA_PLAIN=1).")
    var plain = false

    @Option(help: ArgumentHelp("Piece colours: standard or colorblind (also SOMA_PALETTE, or palette in the settings file).",
                               valueName: "name"))
    var palette: PiecePalette.Scheme?

    @Option(help: ArgumentHelp("The terminal's background: dark or light (also SOMA_THEME, or theme in the settings file).",
                               valueName: "name"))
    var theme: Theme?

    @Option(help: ArgumentHelp("The 3-D picture's block cells: quadrants (2x2 samples a cell, the default), halves (half blocks, for fonts without quadrants) or sextants (2x3, where the terminal draws Symbols for Legacy Computing); also cells in the settings file.",
                               valueName: "kind"))
    var cells: RenderStyle.Cells?

    public init() {}

    /// The settings, with what the command line and the environment say on top; a settings
    /// file that cannot be used stops the command with `file:line: message` (exit 2).
    public func settings(command: String) throws -> Settings {
        var settings = try Self.settings(command: command)
        if plain { settings.plain = true }
        if let palette { settings.palette = palette }
        if let theme { settings.theme = theme }
        if let cells { settings.cells = cells }
        return settings
    }

    /// The settings file's settings with the environment's on top (for the commands without
    /// these options: `soma pento`, `soma design`).
    public static func settings(command: String, environment: [String: String] = Self.environment) throws -> Settings {
        var settings = try loadSettings(command: command)
        if let name = environment["SOMA_PALETTE"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard let scheme = PiecePalette.Scheme(rawValue: name) else {
                StandardStreams.printError("\(command): SOMA_PALETTE=\(UntrustedText.shown(name, limit: 40)) is not a palette; choose standard or colorblind")
                throw ExitCode(2)
            }
            settings.palette = scheme
        }
        if let name = environment["SOMA_THEME"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard let theme = Theme(rawValue: name) else {
                StandardStreams.printError("\(command): SOMA_THEME=\(UntrustedText.shown(name, limit: 40)) is not a theme; choose dark or light")
                throw ExitCode(2)
            }
            settings.theme = theme
        }
        if let value = environment["SOMA_PLAIN"], !value.isEmpty { settings.plain = value != "0" }
        return settings
    }

    /// The settings file's settings, the defaults when there is none. A settings file that is
    /// there but cannot be read (a folder, a FIFO, a device, no permission, too large, not UTF-8)
    /// stops the command with exit 2, as README promises: settings silently ignored would be
    /// a worse surprise than a message.
    static func loadSettings(command: String) throws -> Settings {
        let path = XDGPaths.current.settingsFile
        let text: String
        do {
            guard let read = try readText(path) else { return Settings() }
            text = read
        } catch {
            StandardStreams.printError("\(command): \(UntrustedText.shown(path)): \(error)")
            throw ExitCode(2)
        }
        do {
            return try Settings.parse(text, path: path)
        } catch {
            StandardStreams.printError("\(command): \(error)")
            throw ExitCode(2)
        }
    }

    /// How a game screen is drawn on `session` with `settings`: glyphs by the locale, colours
    /// by the terminal (`TerminalSession.colors`), palette and theme by the player; without a
    /// chosen theme, dark until the terminal's answer about its background (which the session
    /// asks for, `asksBackground`) says otherwise (`ScreenProgram`, `.background`).
    public static func style(for session: TerminalSession, settings: Settings) -> RenderStyle {
        var style = RenderStyle.automatic(colors: session.colors, unicode: session.isUTF8)
        style.palette = settings.palette
        style.theme = settings.theme ?? .dark
        style.cells = settings.cells
        // The theme the terminal's answer picks is noted when it arrives (`ScreenProgram`).
        if settings.theme != nil { DecisionLog.note(DecisionLog.theme(style.theme.rawValue, chosen: true, answered: false)) }
        return style
    }

    /// What the environment says of the appearance (`SOMA_PALETTE`, `SOMA_THEME`, `SOMA_PLAIN`).
    public static var environment: [String: String] {
        var values: [String: String] = [:]
        for name in ["SOMA_PALETTE", "SOMA_THEME", "SOMA_PLAIN"] {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }

    /// The most bytes a settings file may have: a few keys take a few hundred.
    static let maxSettingsBytes = 64 << 10

    /// The whole file as UTF-8 text (`BoundedFile`: regular files only, at most
    /// `maxSettingsBytes`); nil when there is no such file.
    static func readText(_ path: String) throws -> String? {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, maxBytes: maxSettingsBytes)
        } catch {
            if error.isMissing { return nil }
            throw SettingsFileError(description: error.description)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw SettingsFileError(description: "not UTF-8 text (save it as UTF-8)")
        }
        return text
    }

    struct SettingsFileError: Error, CustomStringConvertible {
        var description: String
    }
}

// The values spelled out: argument-parser's defaults for a `CaseIterable` raw-value enum go
// through a key path and `String(describing:)` of every case on every start-up, while the
// parser builds its argument sets (2.9 million instructions of a login's, issue 35). The raw
// values are the case names, so the help reads the same and no value has a description.
protocol ListedArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension ListedArgument {
    public static var allValueStrings: [String] { allCases.map { $0.rawValue } }
    public static var allValueDescriptions: [String: String] { [:] }
}

extension PiecePalette.Scheme: ListedArgument {}
extension Theme: ListedArgument {}
extension RenderStyle.Cells: ListedArgument {}
extension Assist: ListedArgument {}
