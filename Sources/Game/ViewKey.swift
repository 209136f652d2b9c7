import Scene

/// The keys that move the camera, alike in the Soma game and the designer: Shift-arrows orbit,
/// `+` and `-` zoom (`=` and `_` too, for keyboards where `+` needs Shift), `0` or Home puts the
/// view back. One table, so the two screens cannot drift apart.
enum ViewKey: Hashable, Sendable {
    case orbit(ScreenDirection)
    case zoom(in: Bool)
    case reset

    /// The camera key `key` is, or nil.
    init?(_ key: GameKey) {
        switch key {
        case .shiftUp: self = .orbit(.up)
        case .shiftDown: self = .orbit(.down)
        case .shiftLeft: self = .orbit(.left)
        case .shiftRight: self = .orbit(.right)
        case .character("+"), .character("="): self = .zoom(in: true)
        case .character("-"), .character("_"): self = .zoom(in: false)
        case .character("0"), .home: self = .reset
        default: return nil
        }
    }

    /// Their lines in a help overlay.
    static let bindings: [KeyBinding] = [
        KeyBinding("Shift-arrows", "orbit the view"),
        KeyBinding("+/-", "zoom in/out"),
        KeyBinding("0/Home", "reset the view"),
    ]
}
