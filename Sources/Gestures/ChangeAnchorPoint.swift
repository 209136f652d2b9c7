/// A plan to move a target's pivot (anchor point) to `newAnchorPoint`, in local coordinates,
/// without moving the target on screen.
public struct ChangeAnchorPoint: Hashable, Sendable {
    public var newAnchorPoint: Vec3

    public init(newAnchorPoint: Vec3) {
        self.newAnchorPoint = newAnchorPoint
    }
}
