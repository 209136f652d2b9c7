/// What lies under a touch when it begins, computed once (SceneKit's touch-down hit test).
///
/// `path` lists the targets deepest first and ends with `TargetID.root`; it decides which attached
/// recognizers become candidates for the touch. `node` is what the game asks about later
/// ("did this drag start on a piece?"), even after the pointer has moved away.
public struct HitResult: Hashable, Sendable {
    public var path: [TargetID]
    public var node: NodeID?

    public init(path: [TargetID] = [.root], node: NodeID? = nil) {
        self.path = path
        self.node = node
    }

    /// Nothing but the root: the result for empty space.
    public static let root = HitResult()
}
