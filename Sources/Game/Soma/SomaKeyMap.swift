import Polycube
import Scene

/// The keys of the Soma game, as one table (`KeyTable`). Moves and turns are named as the player
/// sees them on screen (right, away, about the vertical...); the session turns them into lattice
/// steps and axes through the camera, so the keys keep their meaning whichever way the view is
/// turned.
enum SomaKeyMap {
    enum Action: Hashable, Sendable {
        case command(SomaCommand)
        /// Move the selected piece one cell the way the arrow points on screen (on its layer).
        case move(ScreenDirection)
        /// Turn the selected piece as a swipe in that direction would.
        case tumble(ScreenDirection)
        /// Turn the selected piece about the line of sight (counter-clockwise unless reversed).
        case spin(clockwise: Bool)
        /// Move the camera (`ViewKey`).
        case view(ViewKey)
        case deselect
        /// Write every piece's letter on it, or only the selected one's.
        case letters
        /// Show or hide the plan cursor (`SomaSession+PlanCursor`).
        case planCursor
        /// Let others watch this game over `soma serve`, or stop letting them.
        case watching
    }

    static func action(for key: GameKey) -> Action? { table.action(for: key) }

    /// The common keys in the Soma game: all of them, the standard keys.
    static let common = CommonKeys.standard

    /// The keys the game's messages name, as `table` and `common` bind them.
    static func reminders(_ table: KeyTable<Action>, _ common: CommonKeys) -> KeyReminders {
        KeyReminders(undo: common.keyName(for: .undo), redo: common.keyName(for: .redo),
                     dismiss: table.keyName(for: .deselect))
    }

    /// The digits that select a piece by its legend number.
    static let digits: [(GameKey, Action)] = (1...9).map { n in
        (.character(Character(String(n))), .command(.select(.number(n))))
    }

    /// Every key and gesture of its own, as the help overlay and the README show them (the
    /// common keys, `common`, follow them).
    static let table = KeyTable<Action>([
        .keys("Tab/S-Tab", [(.tab, .command(.select(.next))), (.backTab, .command(.select(.previous)))],
              "next/previous piece"),
        .keys("1-9", digits, "select piece"),
        .keys("arrows", [(.up, .move(.up)), (.down, .move(.down)), (.left, .move(.left)), (.right, .move(.right))],
              "move on its layer"),
        .keys("PgUp/PgDn", [(.pageUp, .command(.move(Axis.z.unit))), (.pageDown, .command(.move(Cell(0, 0, -1))))],
              "move up/down"),
        .keys("w/s", [(.character("w"), .tumble(.up)), (.character("s"), .tumble(.down))],
              "tip away/toward you"),
        .keys("a/d", [(.character("a"), .tumble(.left)), (.character("d"), .tumble(.right))],
              "turn left/right (upright)"),
        .keys("e/E", [(.character("e"), .spin(clockwise: false)), (.character("E"), .spin(clockwise: true))],
              "roll ccw/cw (third axis)"),
        .keys("Space/Enter", [.character(" "), .enter], .command(.drop), "drop (assist: onto ghost)"),
        // The plan cursor shares the fits' line: the help has no room for one more at 80x24.
        .keys("c/C/p", [(.character("c"), .command(.cycleFit(forward: true))), (.character("C"), .command(.cycleFit(forward: false))),
                        (.character("p"), .planCursor)],
              "fit cycle; plan cursor"),
        // Help that knows, asked for and recorded with the solve: a hint, judging the fits.
        .keys("h/j", [(.character("h"), .command(.hint)), (.character("j"), .command(.toggleJudging))],
              "hint; judging on/off"),
        .keys("Esc", [.escape], .deselect, "hide the hint, deselect"),
        .keys("l", [.character("l")], .letters, "letters on all pieces"),
        // Who may see the player: `soma serve`'s `ssh HOST watch NAME`.
        .keys("W", [.character("W")], .watching, "let others watch"),
    ] + ViewKey.lines(Action.view) + [
        .gesture("drag piece", "carry; let go: drop"),
        .gesture("drag space", "orbit view"),
        // Named per direction in the words of w/s and a/d: a flick turns the piece as the key
        // for its direction does (`Viewpoint.tumble(for:)`); "tumble it" left the player
        // guessing which way. Short enough that the help still fits 80x24 (`PanelsTests`).
        .gesture("flick up/down", "tip away/toward you"),
        .gesture("flick sideways", "turn left/right"),
        .gesture("click", "select; again: turn"),
        // A click on the plan puts the selected piece on a fit covering that cell (one row:
        // "drag piece" fits one line, so the help still fits 80x24, `PanelsTests`).
        .gesture("click plan", "put on a fit there"),
        .gesture("double-click", "drop"),
        .gesture("wheel", "zoom; plan: fits"),
        .gesture("shake space", "reset all pieces"),
    ])
}
