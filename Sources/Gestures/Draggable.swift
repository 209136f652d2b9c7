/// Adds the pan's screen delta, unprojected to the world, to the target's position.
public final class Draggable: Gesturable {
    public init(recognizer: PanGestureRecognizer? = nil, wantsAnchorPointAdjustment: Bool = false) {
        super.init(recognizer: recognizer, wantsAnchorPointAdjustment: wantsAnchorPointAdjustment)
    }

    override func makeRecognizer() -> GestureRecognizer {
        let pan = PanGestureRecognizer(name: "drag")
        pan.maximumNumberOfTouches = 1
        return pan
    }

    override func apply(_ snapshot: GestureSnapshot, to target: any GesturableTarget) {
        guard case let .pan(_, delta, _) = snapshot.values, delta != .zero else { return }
        target.position += target.worldDelta(forScreen: delta, at: snapshot.location)
    }
}
