import Gestures

/// One decoded mouse report. Column and row are 0-based screen cells.
public struct MouseEvent: Hashable, Sendable {
    public var action: MouseAction
    /// The button (nil: motion, or a release that names none).
    public var button: MouseButton?
    public var column: Int
    public var row: Int
    public var modifiers: KeyModifiers

    init(_ action: MouseAction, _ button: MouseButton?, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.action = action
        self.button = button
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}
