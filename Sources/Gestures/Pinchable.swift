/// Multiplies the target's scale by the pinch's scale delta, about the pivot.
public final class Pinchable: Gesturable {
    public init(recognizer: PinchGestureRecognizer? = nil, wantsAnchorPointAdjustment: Bool = true) {
        super.init(recognizer: recognizer, wantsAnchorPointAdjustment: wantsAnchorPointAdjustment)
    }

    override func makeRecognizer() -> GestureRecognizer { PinchGestureRecognizer(name: "pinch") }

    override func apply(_ snapshot: GestureSnapshot, to target: any GesturableTarget) {
        guard case let .pinch(_, delta, _) = snapshot.values else { return }
        target.scale *= delta
    }
}
