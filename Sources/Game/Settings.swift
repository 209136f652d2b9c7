import Scene

/// What a player can set in `$XDG_CONFIG_HOME/soma/config.toml`:
///
/// ```toml
/// palette = "colorblind"   # or "standard"
/// theme = "light"          # or "dark"
/// plain = true             # the plan and a text status instead of the 3-D scene
///
/// [keys]                   # the Soma game's keys: old = "new"
/// h = "H"                  # the hint on H
/// "?" = "F"                # quote keys that are not letters or digits
/// ```
///
/// Each setting is checked when read: an unknown key or a bad value is an error at its line,
/// never a crash and never silently ignored.
public struct Settings: Equatable, Sendable {
    public var palette: PiecePalette.Scheme = .standard
    public var theme: Theme = .dark
    public var plain = false
    /// The Soma game's keys moved: `keys[k]` is the key that now does what `k` did.
    public var keys: [GameKey: GameKey] = [:]

    public init() {}

    /// Reads a settings file's text; `path` is what messages name.
    public static func parse(_ text: String, path: String) throws(SettingsError) -> Settings {
        func fail(_ line: Int, _ message: String) -> SettingsError { SettingsError(path: path, line: line, message: message) }
        let entries: [TOMLSubset.Entry]
        do {
            entries = try TOMLSubset.parse(text)
        } catch {
            throw fail(error.line, error.message)
        }
        var settings = Settings()
        var keyLines: [GameKey: Int] = [:]
        for entry in entries {
            func string() throws(SettingsError) -> String {
                guard case .string(let s) = entry.value else {
                    throw fail(entry.line, "\(entry.key) must be a string in quotes, not \(entry.value.kind)")
                }
                return s
            }
            switch (entry.table, entry.key) {
            case ("", "palette"):
                let name = try string()
                guard let scheme = PiecePalette.Scheme(rawValue: name) else {
                    throw fail(entry.line, "palette \"\(name)\" is unknown; choose \(Self.choices(PiecePalette.Scheme.allCases))")
                }
                settings.palette = scheme
            case ("", "theme"):
                let name = try string()
                guard let theme = Theme(rawValue: name) else {
                    throw fail(entry.line, "theme \"\(name)\" is unknown; choose \(Self.choices(Theme.allCases))")
                }
                settings.theme = theme
            case ("", "plain"):
                guard case .boolean(let on) = entry.value else {
                    throw fail(entry.line, "plain must be true or false, not \(entry.value.kind)")
                }
                settings.plain = on
            case ("keys", let name):
                guard let from = GameKey(name: name) else { throw fail(entry.line, "\(name) is not a key soma knows") }
                let target = try string()
                guard let to = GameKey(name: target) else { throw fail(entry.line, "\"\(target)\" is not a key soma knows") }
                settings.keys[from] = to
                keyLines[from] = entry.line
            case ("", let key):
                throw fail(entry.line, "unknown setting \(key); the settings are palette, theme, plain and the [keys] table")
            case (let table, _):
                throw fail(entry.line, "\(entry.key) is in an unknown table [\(table)]; the only table is [keys]")
            }
        }
        do {
            _ = try SomaKeyMap.table.remapped(settings.keys)
        } catch {
            let culprit: GameKey
            switch error {
            case let .sameTarget(_, from): culprit = from.max { (keyLines[$0] ?? 0) < (keyLines[$1] ?? 0) } ?? from[0]
            case let .alreadyBound(_, from): culprit = from
            }
            throw fail(keyLines[culprit] ?? 0, "\(error)")
        }
        return settings
    }

    private static func choices<T: RawRepresentable>(_ all: [T]) -> String where T.RawValue == String {
        all.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
    }
}

/// A settings file that cannot be used: where and why, as `path:line: message`.
public struct SettingsError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var message: String

    public var description: String { "\(path):\(line): \(message)" }
}
