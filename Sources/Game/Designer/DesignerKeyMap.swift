import Scene

/// The keys of the designer, as one table (`KeyTable`). Cursor moves are named as the player sees
/// them on screen; the session turns them into lattice steps on the drawing plane through the
/// camera, so the arrows keep their meaning whichever way the view is turned.
enum DesignerKeyMap {
    enum Action: Hashable, Sendable {
        /// Move the cursor one cell on the drawing plane, the way the arrow points on screen.
        case moveCursor(ScreenDirection)
        /// Move the drawing plane one layer toward the viewer (positive) or away (negative).
        case movePlane(Int)
        case add, remove
        /// Move the camera (`ViewKey`).
        case view(ViewKey)
        /// Ask for a name, then save in the native format (`.figure`).
        case save
        /// Ask for a name, then export in the yass format (`.soma`).
        case export
        /// Remove every cube (undoable).
        case clear
    }

    /// The common keys in the designer: undo, redo, help and quit (it has no figure menu, no
    /// hall of fame, and `C` clears); Backspace removes a cube, so undo is `u` alone.
    static let common = CommonKeys.standard.offering(
        without: [.menu, .fame(naming: false), .fame(naming: true), .reset],
        shadowed: { table.action(for: $0) != nil }, help: [.quit: "quit (the design is kept)"])

    static func action(for key: GameKey) -> Action? { table.action(for: key) }

    /// Every key and gesture of its own, as the help overlay and the README show them (the
    /// common keys, `common`, follow them).
    static let table = KeyTable<Action>([
        .keys("arrows", [(.up, .moveCursor(.up)), (.down, .moveCursor(.down)),
                         (.left, .moveCursor(.left)), (.right, .moveCursor(.right))],
              "move the cursor on the plane"),
        .keys("] / PgUp", [.character("]"), .pageUp], .movePlane(1), "plane one layer nearer"),
        .keys("[ / PgDn", [.character("["), .pageDown], .movePlane(-1), "plane one layer away"),
        .keys("Space/Enter", [.character(" "), .enter], .add, "add a cube at the cursor"),
        .keys("x/Backspace/Delete", [.character("x"), .backspace, .delete], .remove, "remove the cube at the cursor"),
        .gesture("click face", "add a cube on that face"),
        .gesture("click a dot", "add a cube on the plane"),
        .gesture("drag from cube", "paint a line of cubes"),
        .gesture("right-click", "remove the cube"),
        .gesture("drag space", "orbit the view"),
        .gesture("wheel", "zoom in/out"),
    ] + ViewKey.lines(Action.view) + [
        .keys("C", [.character("C")], .clear, "clear all cubes"),
        .keys("s", [.character("s")], .save, "save (native .figure)"),
        .keys("e", [.character("e")], .export, "export (yass .soma)"),
    ])
}
