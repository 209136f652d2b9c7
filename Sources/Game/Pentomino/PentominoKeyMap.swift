/// The keys of the pentomino game, as one table (`KeyTable`).
///
/// Tile letters and commands must never clash, so they live in two cases: an UPPERCASE letter
/// picks up that tile (F I L N P T U V W X Y Z), lowercase letters and other keys are commands.
/// The one uppercase command is `R` (turn anticlockwise, the shifted `r`), and R is not a
/// pentomino; a piece set with an R tile reaches it with Tab. Ctrl-Z stays the terminal's
/// suspend key (every program gets it), so undo is `u`.
enum PentominoKeyMap {
    /// What a key does: a game command, or a session action.
    enum Action: Hashable, Sendable {
        case command(PentominoCommand)
        /// Space and Enter: put down the carried tile (or, during a mouse drag, turn it: the
        /// tap of the pentomino app), or pick up the tile under the cursor.
        case dropOrLift
        case hint, showSolution
    }

    /// The common keys in the pentomino game: no reset, no key a tile or a command of the game
    /// has (`U` picks up the U tile, Backspace takes a tile off), so undo is `u` alone and redo
    /// `^R/^Y`.
    static let common = CommonKeys.standard.offering(
        without: [.reset], shadowed: { table().action(for: $0) != nil || picksUpTile($0) },
        help: [.menu: "board menu", .quit: "quit (saves)"])

    /// What `key` does in a game whose tiles have the letters `tileLetters`.
    static func action(for key: GameKey, tileLetters: Set<Character>) -> Action? {
        table(tileLetters: tileLetters).action(for: key)
    }

    /// The table with keys moved as the player's settings say (`Settings.pentoKeys`). The
    /// capitals that pick up tiles stay where they are and no key may take one, whatever the
    /// board's tiles: so a remapping that suits one board suits every board the menu opens.
    /// - Throws: `KeyRemapError` for a capital moved or taken, or a key doing two things.
    static func tables(tileLetters: Set<Character>,
                       remap: [GameKey: GameKey]) throws(KeyRemapError) -> (own: KeyTable<Action>, common: CommonKeys) {
        for (from, to) in remap.sorted(by: { $0.key.name < $1.key.name })
        where picksUpTile(from) || picksUpTile(to) {
            throw .tileKey(movedFrom: from, to: to)
        }
        return try common.remapped(with: table(tileLetters: tileLetters), remap)
    }

    /// Whether `key` is a capital that picks up a tile on some board (every capital but R,
    /// which turns anticlockwise).
    static func picksUpTile(_ key: GameKey) -> Bool {
        guard case .character(let c) = key else { return false }
        return c.isASCII && c.isUppercase && c != "R"
    }

    /// The letters of the pentominoes, the tiles of every built-in board.
    static let pentominoLetters: Set<Character> = Set("FILNPTUVWXYZ")

    /// Every key and gesture of the game's own for a game whose tiles have the letters
    /// `tileLetters` (each picked up by its capital, except R, which turns), as the help overlay
    /// and the README show them (the common keys, `common`, follow them).
    static func table(tileLetters: Set<Character> = pentominoLetters) -> KeyTable<Action> {
        let capitals = tileLetters.filter { $0.isUppercase && $0 != "R" }.sorted()
        let lift = capitals.map { (GameKey.character($0), Action.command(.lift($0))) }
        return KeyTable<Action>((lift.isEmpty ? [] : [.keys(String(capitals), lift, "pick up (capitals)")]) + [
            .keys("Tab/S-Tab", [(.tab, .command(.liftNext(forward: true))), (.backTab, .command(.liftNext(forward: false)))],
                  "next unplaced tile"),
            .keys("arrows", [(.up, .command(.move(dx: 0, dy: 1))), (.down, .command(.move(dx: 0, dy: -1))),
                             (.left, .command(.move(dx: -1, dy: 0))), (.right, .command(.move(dx: 1, dy: 0)))],
                  "move cursor and tile"),
            .keys("r/R", [(.character("r"), .command(.turn(clockwise: true))), (.character("R"), .command(.turn(clockwise: false)))],
                  "turn right/left"),
            .keys("f", [.character("f")], .command(.turnOver), "turn over"),
            .keys("Space/Enter", [.character(" "), .enter], .dropOrLift, "put down/pick up"),
            .keys("Backspace", [.backspace], .command(.takeOff), "take tile off board"),
            .keys("Esc", [.escape], .command(.putBack), "put the tile back"),
            .keys("h", [.character("h")], .hint, "hint"),
            .keys("s", [.character("s")], .showSolution, "show a solution"),
            .gesture("drag a tile", "carry; release: drop"),
            .gesture("Space+drag", "turn while dragging"),
            .gesture("click", "pick up/turn/put"),
            .gesture("right/double-click", "turn over"),
            .gesture("long press", "pick from a crowd"),
            .gesture("wheel", "turn"),
        ])
    }
}
