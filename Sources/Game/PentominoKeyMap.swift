/// The keys of the pentomino game. Letters name tiles (F I L N P T U V W X Y Z), so the other
/// actions use keys that are not tile letters.
public enum PentominoKeyMap {
    /// What a key does: a game command, or a session action.
    enum Action: Hashable, Sendable {
        case command(PentominoCommand)
        /// Space and Enter: put down the carried tile, or lift the one under the cursor.
        case dropOrLift
        case help, menu, quit
    }

    static func action(for key: GameKey) -> Action? {
        switch key {
        case .up: .command(.move(dx: 0, dy: 1))
        case .down: .command(.move(dx: 0, dy: -1))
        case .left: .command(.move(dx: -1, dy: 0))
        case .right: .command(.move(dx: 1, dy: 0))
        case .enter, .character(" "): .dropOrLift
        case .escape: .command(.putBack)
        case .character("r"), .character("R"): .command(.turn(clockwise: true))
        case .character("e"), .character("E"): .command(.turn(clockwise: false))
        case .character("o"), .character("O"): .command(.turnOver)
        case .control("z"), .backspace: .command(.undo)
        case .control("y"): .command(.redo)
        case .character("?"): .help
        case .character("m"), .character("M"): .menu
        case .character("q"), .character("Q"): .quit
        case .character(let c) where "FILNPTUVWXYZ".contains(Character(c.uppercased())):
            .command(.lift(Character(c.uppercased())))
        default: nil
        }
    }

    /// The key table, as the help overlay and the README show it.
    public static let bindings: [KeyBinding] = [
        KeyBinding("F I L N P T U V W X Y Z", "pick up that tile"),
        KeyBinding("arrows", "move the cursor and the tile"),
        KeyBinding("Space/Enter", "put down, or pick up under the cursor"),
        KeyBinding("r/e", "turn clockwise/anticlockwise"),
        KeyBinding("o", "turn over"),
        KeyBinding("Esc", "put the tile back beside the board"),
        KeyBinding("Ctrl-Z/Backspace", "undo"),
        KeyBinding("Ctrl-Y", "redo"),
        KeyBinding("drag tile", "carry it; release puts it down"),
        KeyBinding("click tile", "pick up; again: turn"),
        KeyBinding("click square", "put the tile there"),
        KeyBinding("double-click", "turn over"),
        KeyBinding("wheel", "turn"),
        KeyBinding("m", "boards"),
        KeyBinding("?", "this help"),
        KeyBinding("q", "quit"),
    ]
}
