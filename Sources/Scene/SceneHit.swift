/// What is under a point of the canvas: the id drawn there (piece, cube and face; ghost cell;
/// floor square; control) and where exactly the pointer meets it.
public struct SceneHit: Hashable, Sendable {
    public var id: HitID
    /// The point hit, in the coordinates of the cube (or floor square) hit: each of x, y, z in
    /// 0...1 from the cube's minimum corner, the coordinate across the face being 0 or 1
    /// (SceneKit's `localCoordinates`). Zero for controls.
    var localPoint: Vector3
    /// The same point in lattice coordinates.
    var worldPoint: Vector3

    init(id: HitID, localPoint: Vector3 = .zero, worldPoint: Vector3 = .zero) {
        self.id = id
        self.localPoint = localPoint
        self.worldPoint = worldPoint
    }
}
