/// A plan to let a gesture manipulate a target (the material-motion "Gesturable" family).
///
/// If any plan on a target wants anchor-point adjustment, the target's pivot moves under the
/// gesture's location when the gesture begins, so that pinching and rotating happen about the
/// fingers rather than about the piece's origin.
open class Gesturable {
    public var wantsAnchorPointAdjustment: Bool
    /// The recognizer to follow; `nil` asks the performer to create one with the defaults.
    public var recognizer: GestureRecognizer?

    init(recognizer: GestureRecognizer?, wantsAnchorPointAdjustment: Bool) {
        self.recognizer = recognizer
        self.wantsAnchorPointAdjustment = wantsAnchorPointAdjustment
    }

    /// The recognizer created when none was given.
    func makeRecognizer() -> GestureRecognizer { fatalError("abstract") }

    /// Applies one snapshot's delta to the target.
    func apply(_ snapshot: GestureSnapshot, to target: any GesturableTarget) {}
}
