/// The mouse as the designer sees it, in screen cells (0-based column and row of the whole
/// screen). The terminal decodes SGR reports into these; the session hit-tests them against the
/// picture it draws, so a click acts on exactly the face the player sees under the pointer.
enum DesignerPointer: Hashable, Sendable {
    enum Button: Hashable, Sendable { case primary, secondary, middle }

    case press(Button, column: Int, row: Int)
    /// Motion with a button held.
    case drag(column: Int, row: Int)
    case release(column: Int, row: Int)
    /// Wheel: zoom in (up) or out, one step.
    case wheel(up: Bool)
    /// The pinch: zoom by its scale (above 1 zooms in).
    case zoom(factor: Double)
    /// The system took the pointer away (focus lost, suspend): end any stroke as it is.
    case cancel
}
