import Polycube

/// Everything the renderer needs to know about a 3D scene, as a value: the target figure (drawn
/// as a ghost), the pieces, and the floor. The game builds one from its state for every frame;
/// rendering is a pure function of this, a camera, a canvas size and a style.
public struct SceneModel: Hashable, Sendable {
    /// The target figure's cells; those covered by a piece (other than a hint) are not drawn.
    var ghostCells: [Cell]
    var pieces: [ScenePiece]
    public var floor: Floor?

    public init(ghostCells: [Cell] = [], pieces: [ScenePiece] = [], floor: Floor? = nil) {
        self.ghostCells = ghostCells
        self.pieces = pieces
        self.floor = floor
    }

    /// A rectangle of the horizontal plane `z = level`, drawn as a grid under the figure with
    /// the pieces' shadows on it, so that height and depth can be read.
    public struct Floor: Hashable, Sendable {
        var xs: ClosedRange<Int>
        var ys: ClosedRange<Int>
        public var level: Int

        public init(xs: ClosedRange<Int>, ys: ClosedRange<Int>, level: Int = 0) {
            self.xs = xs
            self.ys = ys
            self.level = level
        }
    }

    /// Every cell of the scene: the figure's and the pieces'.
    public var allCells: [Cell] { ghostCells + pieces.flatMap(\.cells) }

    /// The floor under the figure's and pieces' cells with `margin` free cells around, at the
    /// lowest layer.
    public func floorAround(margin: Int = 1) -> Floor? {
        let cells = allCells
        guard !cells.isEmpty else { return nil }
        let box = Bounds(cells)
        let lo = box.lo, hi = box.hi
        return Floor(xs: (lo.x - margin)...(hi.x + margin), ys: (lo.y - margin)...(hi.y + margin), level: lo.z)
    }

    /// The centre of the bounding box of the figure (or of the pieces if there is no figure):
    /// the natural pivot for the camera.
    public var centre: Vector3 {
        let cells = ghostCells.isEmpty ? pieces.flatMap(\.cells) : ghostCells
        guard !cells.isEmpty else { return .zero }
        let box = Bounds(cells)
        let lo = box.lo, hi = box.hi
        return (Vector3(lo) + Vector3(hi) + Vector3(1, 1, 1)) / 2
    }
}
