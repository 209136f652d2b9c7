/// The common commands' keys (`CommonCommand`), one table for every screen: the midend looks a
/// key up here, the help draws its last section from here and the status lines name these keys
/// from here, so a key moved in config.toml is moved everywhere a player reads it.
///
/// Screens differ where players learned them so (Backspace undoes only in the Soma game, where
/// nothing else wants it; `U` picks up the U tile in the pentomino game and `R` turns there; the
/// designer has no menu and no reset), so a screen takes the `standard` table `offering` the
/// commands it has, without the keys its own map binds (they shadow the common ones), and with
/// its own words where it says more ("quit (saves)").
public struct CommonKeys: Hashable, Sendable {
    /// The keys, as bound.
    let table: KeyTable<CommonCommand>

    /// Every common command, with the keys every screen had for it.
    static let standard = CommonKeys(table: KeyTable([
        .keys("u/Backspace", [.character("u"), .backspace], .undo, "undo"),
        .keys("U/^R/^Y", [.character("U"), .control("r"), .control("y")], .redo, "redo"),
        .keys("R", [.character("R")], .reset, "reset pieces"),
        .keys("m", [.character("m")], .menu, "figures"),
        .keys("t/n", [(.character("t"), .fame(naming: false)), (.character("n"), .fame(naming: true))], "hall of fame/name"),
        .keys("?", [.character("?")], .help, "this help"),
        .keys("q", [.character("q")], .quit, "quit"),
    ]))

    /// The commands of this table but those in `without`, without the keys `shadowed` says a
    /// screen keeps for itself, and with the help texts in `help` instead of the standard ones.
    /// A line that loses keys is labelled by the keys it keeps.
    func offering(without: Set<CommonCommand> = [], shadowed: (GameKey) -> Bool = { _ in false },
                  help: [CommonCommand: String] = [:]) -> CommonKeys {
        CommonKeys(table: KeyTable(table.lines.compactMap { line in
            guard case let .keys(label, bindings, text) = line else { return line }
            let kept = bindings.filter { !without.contains($0.action) && !shadowed($0.key) }
            guard let first = kept.first else { return nil }
            var names: [String] = []
            for key in kept.map(\.key) where !names.contains(key.name) { names.append(key.name) }
            return .keys(label: kept.count == bindings.count ? label : names.joined(separator: "/"), kept,
                         help: help[first.action] ?? text)
        }))
    }

    /// The command `key` gives, or nil for a key of the screen's own.
    func command(for key: GameKey) -> CommonCommand? { table.action(for: key) }

    /// The name of the first key bound to `command` ("" when the screen does not offer it).
    func keyName(for command: CommonCommand) -> String { table.keyName(for: command) }

    /// The help's section of common keys, in table order.
    var help: [HelpLine] { table.help }

    /// Both a screen's own table and this one with keys moved as the player's settings say
    /// (`Settings.keys`: the key that now does what each key did), checked as one table: a key
    /// may not be moved onto a key of the other table either.
    /// - Throws: `KeyRemapError` when a key would do two things.
    func remapped<Action>(with own: KeyTable<Action>,
                          _ remap: [GameKey: GameKey]) throws(KeyRemapError) -> (own: KeyTable<Action>, common: CommonKeys) {
        guard !remap.isEmpty else { return (own, self) }
        let whole = KeyTable<Bound<Action>>(own.map(Bound.own).lines + table.map(Bound.common).lines)
        _ = try whole.remapped(remap)
        return (try own.remapped(remap), CommonKeys(table: try table.remapped(remap)))
    }

    /// A key of either table, for checking a remapping of both at once.
    private enum Bound<Own: Hashable & Sendable>: Hashable, Sendable {
        case own(Own)
        case common(CommonCommand)
    }
}
