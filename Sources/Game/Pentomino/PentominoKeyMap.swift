/// The keys of the pentomino game.
///
/// Tile letters and commands must never clash, so they live in two cases: an UPPERCASE letter
/// picks up that tile (F I L N P T U V W X Y Z), lowercase letters and other keys are commands.
/// The one uppercase command is `R` (turn anticlockwise, the shifted `r`), and R is not a
/// pentomino; a piece set with an R tile reaches it with Tab. Ctrl-Z stays the terminal's
/// suspend key (every program gets it), so undo is `u`.
public enum PentominoKeyMap {
    /// What a key does: a game command, or a session action.
    enum Action: Hashable, Sendable {
        case command(PentominoCommand)
        /// Space and Enter: put down the carried tile (or, during a mouse drag, turn it: the
        /// tap of the pentomino app), or pick up the tile under the cursor.
        case dropOrLift
        case hint, showSolution, help, menu, quit
    }

    /// What `key` does in a game whose tiles have the letters `tileLetters`.
    static func action(for key: GameKey, tileLetters: Set<Character>) -> Action? {
        switch key {
        case .up: .command(.move(dx: 0, dy: 1))
        case .down: .command(.move(dx: 0, dy: -1))
        case .left: .command(.move(dx: -1, dy: 0))
        case .right: .command(.move(dx: 1, dy: 0))
        case .enter, .character(" "): .dropOrLift
        case .escape: .command(.putBack)
        case .backspace: .command(.takeOff)
        case .tab: .command(.liftNext(forward: true))
        case .backTab: .command(.liftNext(forward: false))
        case .character("r"): .command(.turn(clockwise: true))
        case .character("R"): .command(.turn(clockwise: false))
        case .character("f"): .command(.turnOver)
        case .character("u"): .command(.undo)
        case .control("r"), .control("y"): .command(.redo)
        case .character("h"): .hint
        case .character("s"): .showSolution
        case .character("?"): .help
        case .character("m"): .menu
        case .character("q"): .quit
        case .character(let c) where c.isUppercase && tileLetters.contains(c): .command(.lift(c))
        default: nil
        }
    }

    /// The key table, as the help overlay and the README show it.
    public static let bindings: [KeyBinding] = [
        KeyBinding("FILNPTUVWXYZ", "pick up (capitals)"),
        KeyBinding("Tab/S-Tab", "next unplaced tile"),
        KeyBinding("arrows", "move cursor and tile"),
        KeyBinding("r/R", "turn right/left"),
        KeyBinding("f", "turn over"),
        KeyBinding("Space/Enter", "put down/pick up"),
        KeyBinding("Backspace", "take tile off board"),
        KeyBinding("Esc", "put the tile back"),
        KeyBinding("u", "undo"),
        KeyBinding("^R/^Y", "redo"),
        KeyBinding("h", "hint"),
        KeyBinding("s", "show a solution"),
        KeyBinding("m", "board menu"),
        KeyBinding("drag a tile", "carry; release: drop"),
        KeyBinding("Space+drag", "turn while dragging"),
        KeyBinding("click", "pick up/turn/put"),
        KeyBinding("right-click", "turn over"),
        KeyBinding("long press", "pick from a crowd"),
        KeyBinding("wheel", "turn"),
        KeyBinding("?", "this help"),
        KeyBinding("q", "quit (saves)"),
    ]
}
