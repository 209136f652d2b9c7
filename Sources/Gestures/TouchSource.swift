/// Where a touch came from. `synthetic` covers the touch pairs the front end makes from the wheel
/// and from the `+ - [ ]` keys; `keyboard` covers the one-touch pans and taps made from keys.
public enum TouchSource: Hashable, Sendable {
    case mouse(MouseButton)
    case keyboard
    case synthetic

    /// The single-member set used to test a source against `GestureRecognizer.allowedSources`.
    public var kind: TouchSourceKinds {
        switch self {
        case .mouse(.left): return .mouseLeft
        case .mouse(.middle): return .mouseMiddle
        case .mouse(.right): return .mouseRight
        case .keyboard: return .keyboard
        case .synthetic: return .synthetic
        }
    }
}
