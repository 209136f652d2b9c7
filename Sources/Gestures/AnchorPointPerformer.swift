/// Carries out `ChangeAnchorPoint`.
///
/// Derived from the invariant rather than from the family's pseudo-code (which has typos, pitfall
/// D12): with `world(v) = position + R·S·(v − pivot)`, keeping every `world(v)` fixed while the
/// pivot changes from `p` to `p'` requires `position' = position + R·S·(p' − p)`.
public enum AnchorPointPerformer {
    public static func perform(_ plan: ChangeAnchorPoint, on target: any GesturableTarget) {
        let shift = plan.newAnchorPoint - target.pivot
        target.position += target.orientation.rotate(shift * target.scale)
        target.pivot = plan.newAnchorPoint
    }
}
