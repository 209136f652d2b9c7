import Scene

/// The keys of the designer. Cursor moves are named as the player sees them on screen; the
/// session turns them into lattice steps on the drawing plane through the camera, so the arrows
/// keep their meaning whichever way the view is turned.
public enum DesignerKeyMap {
    enum Action: Hashable, Sendable {
        /// Move the cursor one cell on the drawing plane, the way the arrow points on screen.
        case moveCursor(ScreenDirection)
        /// Move the drawing plane one layer toward the viewer (positive) or away (negative).
        case movePlane(Int)
        case add, remove
        /// Move the camera (`ViewKey`).
        case view(ViewKey)
        case undo, redo
        /// Ask for a name, then save in the native format (`.txt`).
        case save
        /// Ask for a name, then export in the yass format (`.soma`).
        case export
        /// Remove every cube (undoable).
        case clear
        case help, quit
    }

    static func action(for key: GameKey) -> Action? {
        if let view = ViewKey(key) { return .view(view) }
        return switch key {
        case .up: .moveCursor(.up)
        case .down: .moveCursor(.down)
        case .left: .moveCursor(.left)
        case .right: .moveCursor(.right)
        case .character("]"), .pageUp: .movePlane(1)
        case .character("["), .pageDown: .movePlane(-1)
        case .character(" "), .enter: .add
        case .character("x"), .backspace, .delete: .remove
        case .character("u"): .undo
        case .control("r"), .control("y"), .character("U"): .redo
        case .character("s"): .save
        case .character("e"): .export
        case .character("C"): .clear
        case .character("?"): .help
        case .character("q"): .quit
        default: nil
        }
    }

    /// The key table, as the help overlay shows it.
    public static let bindings: [KeyBinding] = [
        KeyBinding("arrows", "move the cursor on the plane"),
        KeyBinding("] / PgUp", "plane one layer nearer"),
        KeyBinding("[ / PgDn", "plane one layer away"),
        KeyBinding("Space/Enter", "add a cube at the cursor"),
        KeyBinding("x/Backspace", "remove the cube at the cursor"),
        KeyBinding("click face", "add a cube on that face"),
        KeyBinding("click a dot", "add a cube on the plane"),
        KeyBinding("drag from cube", "paint a line of cubes"),
        KeyBinding("right-click", "remove the cube"),
        KeyBinding("drag space", "orbit the view"),
        KeyBinding("wheel", "zoom in/out"),
    ] + ViewKey.bindings + [
        KeyBinding("u", "undo"),
        KeyBinding("U/Ctrl-R", "redo"),
        KeyBinding("C", "clear all cubes"),
        KeyBinding("s", "save (native .txt)"),
        KeyBinding("e", "export (yass .soma)"),
        KeyBinding("?", "this help"),
        KeyBinding("q", "quit (the design is kept)"),
    ]
}
