/// Turns the target about the view axis by the rotation's delta, about the pivot. The world-axis
/// rotation pre-multiplies the orientation; clockwise on screen turns the target clockwise as seen.
public final class Rotatable: Gesturable {
    public init(recognizer: RotationGestureRecognizer? = nil, wantsAnchorPointAdjustment: Bool = true) {
        super.init(recognizer: recognizer, wantsAnchorPointAdjustment: wantsAnchorPointAdjustment)
    }

    override func makeRecognizer() -> GestureRecognizer { RotationGestureRecognizer(name: "rotation") }

    override func apply(_ snapshot: GestureSnapshot, to target: any GesturableTarget) {
        guard case let .rotation(_, delta, _) = snapshot.values, delta != 0 else { return }
        target.orientation = Quat(axis: target.viewAxis, angle: delta) * target.orientation
    }
}
