/// A plan to move a target's pivot (anchor point) to `newAnchorPoint`, in local coordinates,
/// without moving the target on screen.
public struct ChangeAnchorPoint: Hashable, Sendable {
    public var newAnchorPoint: SIMD3<Double>

    public init(newAnchorPoint: SIMD3<Double>) {
        self.newAnchorPoint = newAnchorPoint
    }
}
