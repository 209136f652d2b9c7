import Polycube
import Scene

/// The keys of the Soma game. Moves and turns are named as the player sees them on screen
/// (right, away, about the vertical...); the session turns them into lattice steps and axes
/// through the camera, so the keys keep their meaning whichever way the view is turned.
public enum SomaKeyMap {
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
        case help, menu, quit
    }

    static func action(for key: GameKey) -> Action? {
        if let view = ViewKey(key) { return .view(view) }
        return switch key {
        case .tab: .command(.select(.next))
        case .backTab: .command(.select(.previous))
        case .character(let c) where c.wholeNumberValue.map({ (1...9).contains($0) }) == true:
            .command(.select(.number(c.wholeNumberValue!)))
        case .up: .move(.up)
        case .down: .move(.down)
        case .left: .move(.left)
        case .right: .move(.right)
        case .pageUp: .command(.move(Axis.z.unit))
        case .pageDown: .command(.move(Cell(0, 0, -1)))
        case .character("w"): .tumble(.up)
        case .character("s"): .tumble(.down)
        case .character("a"): .tumble(.left)
        case .character("d"): .tumble(.right)
        case .character("e"): .spin(clockwise: false)
        case .character("E"): .spin(clockwise: true)
        case .enter, .character(" "): .command(.drop)
        case .character("u"), .backspace: .command(.undo)
        case .control("r"), .control("y"), .character("U"): .command(.redo)
        case .character("h"): .command(.hint)
        case .character("R"): .command(.resetPieces)
        case .escape: .deselect
        case .character("?"): .help
        case .character("m"): .menu
        case .character("q"): .quit
        default: nil
        }
    }

    /// The key table, as the help overlay and the README show it.
    public static let bindings: [KeyBinding] = [
        KeyBinding("Tab/S-Tab", "next/previous piece"),
        KeyBinding("1-7", "select piece"),
        KeyBinding("arrows", "move on its layer"),
        KeyBinding("PgUp/PgDn", "move up/down"),
        KeyBinding("w/s", "tumble away/toward"),
        KeyBinding("a/d", "turn left/right"),
        KeyBinding("e/E", "turn as seen ccw/cw"),
        KeyBinding("Space/Enter", "drop"),
        KeyBinding("h", "hint"),
        KeyBinding("u/Backspace", "undo"),
        KeyBinding("U/Ctrl-R", "redo"),
        KeyBinding("R", "reset pieces"),
        KeyBinding("Esc", "deselect"),
    ] + ViewKey.bindings + [
        KeyBinding("drag piece", "move it"),
        KeyBinding("drag space", "orbit view"),
        KeyBinding("flick piece", "tumble it"),
        KeyBinding("click", "select; again: turn"),
        KeyBinding("double-click", "drop"),
        KeyBinding("wheel", "zoom"),
        KeyBinding("shake space", "reset pieces"),
        KeyBinding("m", "figures"),
        KeyBinding("?", "this help"),
        KeyBinding("q", "quit"),
    ]
}
