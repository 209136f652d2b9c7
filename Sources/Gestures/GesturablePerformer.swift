/// Runs the Gesturable plans of one target: subscribes to each plan's recognizer (creating and
/// attaching one if the plan has none) and turns its snapshots into transform changes.
///
/// - On `began`: capture the transform (for cancel); if the plan wants anchor adjustment, move the
///   pivot under the gesture location first, at most once per dispatch for this target (pinch and
///   rotation often begin together); then apply the delta.
/// - On `changed` and `ended`: apply the delta. Deltas, never cumulative values (pitfall D3).
/// - On `cancelled`: restore the transform captured at `began`.
public final class GesturablePerformer {
    public let target: any GesturableTarget
    private let manager: GestureManager
    private let attachTarget: TargetID
    private var plans: [Gesturable] = []
    private var captured: [ObjectIdentifier: GesturableTransform] = [:]
    private var lastAnchorDispatch: UInt64?

    public init(target: any GesturableTarget, manager: GestureManager, attachTo attachTarget: TargetID = .root) {
        self.target = target
        self.manager = manager
        self.attachTarget = attachTarget
    }

    /// Adds a plan; returns the recognizer it follows (created and attached if the plan had none).
    @discardableResult
    public func add(_ plan: Gesturable) -> GestureRecognizer {
        let recognizer: GestureRecognizer
        if let r = plan.recognizer {
            recognizer = r
        } else {
            recognizer = plan.makeRecognizer()
            plan.recognizer = recognizer
            manager.add(recognizer, to: attachTarget)
        }
        plans.append(plan)
        recognizer.addAction { [weak self, weak plan] snapshot in
            guard let self, let plan else { return }
            self.handle(snapshot, for: plan)
        }
        return recognizer
    }

    private func handle(_ snapshot: GestureSnapshot, for plan: Gesturable) {
        let key = ObjectIdentifier(plan)
        switch snapshot.state {
        case .began:
            captured[key] = target.transform
            if plan.wantsAnchorPointAdjustment && lastAnchorDispatch != snapshot.dispatchSerial {
                lastAnchorDispatch = snapshot.dispatchSerial
                let anchor = ChangeAnchorPoint(newAnchorPoint: target.localPoint(forScreen: snapshot.location))
                AnchorPointPerformer.perform(anchor, on: target)
            }
            plan.apply(snapshot, to: target)
        case .changed:
            plan.apply(snapshot, to: target)
        case .ended:
            plan.apply(snapshot, to: target)
            captured[key] = nil
        case .cancelled:
            if let t = captured.removeValue(forKey: key) { target.transform = t }
        case .possible, .failed:
            break
        }
    }
}
