import Polycube
import Scene

/// What a player can set in `$XDG_CONFIG_HOME/soma/config.toml`:
///
/// ```toml
/// palette = "colorblind"   # or "standard"
/// theme = "light"          # or "dark"
/// plain = true             # the plan and a text status instead of the 3-D scene
/// assist = "fits"          # or "solvable" (judging on), or "off": how a piece in hand finds its place
/// cells = "quadrants"      # or "halves", or "sextants": the 3-D picture's block cells
///
/// [keys]                   # the Soma game's keys: old = "new"
/// h = "H"                  # the hint on H
/// "?" = "F"                # quote keys that are not letters or digits
///
/// [pento-keys]             # the pentomino game's (`soma pento`); capitals pick up tiles
/// h = "k"
///
/// [design-keys]            # the designer's (`soma design`)
/// e = "E"
/// ```
///
/// Each setting is checked when read: an unknown key or a bad value is an error at its line,
/// never a crash and never silently ignored.
public struct Settings: Equatable, Sendable {
    public var palette: PiecePalette.Scheme = .standard
    /// nil: not chosen; the game asks the terminal for its background (`TerminalBackground`).
    public var theme: Theme?
    public var plain = false
    /// How the Soma game helps a piece find its place (`Assist`): the fits the geometry allows,
    /// unjudged; judging is help the player asks for (`j`, or `solvable` here).
    public var assist: Assist = .fits
    /// The 3-D picture's block cells (`RenderStyle.Cells`): quadrants, 2x2 samples a cell,
    /// unless the player's font lacks them (`halves`) or has sextants (`sextants`).
    public var cells: RenderStyle.Cells = .quadrants
    /// The Soma game's keys moved: `keys[k]` is the key that now does what `k` did.
    public var keys: [GameKey: GameKey] = [:]
    /// The pentomino game's keys moved, the same way (`[pento-keys]`).
    public var pentoKeys: [GameKey: GameKey] = [:]
    /// The designer's keys moved, the same way (`[design-keys]`).
    public var designKeys: [GameKey: GameKey] = [:]

    public init() {}

    /// Reads a settings file's text; `path` is what messages name.
    public static func parse(_ text: String, path: String) throws(SettingsError) -> Settings {
        func fail(_ line: Int, _ message: String) -> SettingsError { SettingsError(path: path, line: line, message: message) }
        // No text file holds a NUL: this is another file (`/proc/self/environ` linked here), and
        // quoting any of its words could show a secret.
        guard !text.utf8.contains(0) else { throw fail(1, "holds NUL bytes: not a settings file (a link to another file?)") }
        let entries: [TOMLSubset.Entry]
        do {
            entries = try TOMLSubset.parse(text)
        } catch {
            throw fail(error.line, error.message)
        }
        var settings = Settings()
        /// The line of each moved key, by table: where a conflict is reported.
        var keyLines: [String: [GameKey: Int]] = [:]
        for entry in entries {
            func string() throws(SettingsError) -> String {
                guard case .string(let s) = entry.value else {
                    throw fail(entry.line, "\(entry.key) must be a string in quotes, not \(entry.value.kind)")
                }
                return s
            }
            /// One of `T`'s names, or a message naming them all.
            func choice<T: RawRepresentable & CaseIterable>(_: T.Type) throws(SettingsError) -> T where T.RawValue == String {
                let name = try string()
                guard let value = T(rawValue: name) else {
                    throw fail(entry.line, "\(entry.key) \"\(name)\" is unknown; choose \(Self.choices(Array(T.allCases)))")
                }
                return value
            }
            switch (entry.table, entry.key) {
            case ("", "palette"): settings.palette = try choice(PiecePalette.Scheme.self)
            case ("", "theme"): settings.theme = try choice(Theme.self)
            case ("", "plain"):
                guard case .boolean(let on) = entry.value else {
                    throw fail(entry.line, "plain must be true or false, not \(entry.value.kind)")
                }
                settings.plain = on
            case ("", "assist"): settings.assist = try choice(Assist.self)
            case ("", "cells"): settings.cells = try choice(RenderStyle.Cells.self)
            case (let table, let name) where Self.keyTables.contains(table):
                guard let from = GameKey(name: name) else { throw fail(entry.line, "\(name) is not a key soma knows") }
                let target = try string()
                guard let to = GameKey(name: target) else { throw fail(entry.line, "\"\(target)\" is not a key soma knows") }
                switch table {
                case "keys": settings.keys[from] = to
                case "pento-keys": settings.pentoKeys[from] = to
                default: settings.designKeys[from] = to
                }
                keyLines[table, default: [:]][from] = entry.line
            case ("", let key):
                throw fail(entry.line, "unknown setting \(key); the settings are palette, theme, plain, assist, cells and the tables \(Self.tableNames)")
            case (let table, _):
                throw fail(entry.line, "\(entry.key) is in an unknown table [\(table)]; the tables are \(Self.tableNames)")
            }
        }
        // Each table checked against the keys of its own screen; the earliest line at fault is named.
        func check(_ table: String, _ remap: () throws(KeyRemapError) -> Void) throws(SettingsError) {
            let lines = keyLines[table] ?? [:]
            do {
                try remap()
            } catch {
                let culprit: GameKey
                switch error {
                case let .sameTarget(_, from): culprit = from.max { (lines[$0] ?? 0) < (lines[$1] ?? 0) } ?? from[0]
                case let .alreadyBound(_, from): culprit = from
                case let .tileKey(from, _): culprit = from
                }
                throw fail(lines[culprit] ?? 0, "\(error)")
            }
        }
        try check("keys") { () throws(KeyRemapError) in _ = try SomaKeyMap.common.remapped(with: SomaKeyMap.table, settings.keys) }
        try check("pento-keys") { () throws(KeyRemapError) in
            _ = try PentominoKeyMap.tables(tileLetters: PentominoKeyMap.pentominoLetters, remap: settings.pentoKeys)
        }
        try check("design-keys") { () throws(KeyRemapError) in
            _ = try DesignerKeyMap.common.remapped(with: DesignerKeyMap.table, settings.designKeys)
        }
        return settings
    }

    /// The tables of moved keys: the Soma game's, the pentomino game's, the designer's.
    private static let keyTables = ["keys", "pento-keys", "design-keys"]
    private static let tableNames = "[keys], [pento-keys] and [design-keys]"

    private static func choices<T: RawRepresentable>(_ all: [T]) -> String where T.RawValue == String {
        all.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
    }
}

/// A settings file that cannot be used: where and why, as `path:line: message`.
public struct SettingsError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String

    /// Through `UntrustedText`: the message quotes the file's values, which may hold anything.
    public var description: String { UntrustedText.shown("\(path):\(line): \(message)", limit: 400) }
}
