import Polycube

/// Where the selected piece would land: the footprint it casts straight down onto whatever lies
/// below each of its columns (another piece, an empty cell of the figure, the floor), like the
/// ghost piece of a falling-block game, and a drop line from its underside to that footprint
/// while it floats. Without it a piece two levels up looks exactly like one standing further
/// back: an orthographic picture has no other cue for height.
struct LandingShadow {
    /// One square of the footprint: the unit square at height `z` over column (x, y), and the hit
    /// id of the surface it lies on (a click there still means that surface).
    struct Square {
        var x: Int, y: Int, z: Int
        var id: HitID
    }

    /// The index of the casting piece in the model's `pieces` (its looks colour the footprint).
    let piece: Int
    /// Squares only where the piece does not already rest: under a resting cube the footprint
    /// would be hidden anyway.
    let squares: [Square]
    /// From the middle of the underside of the lowest cube that casts a footprint straight down
    /// to it, when no cube of the piece rests on the floor or on a piece.
    let dropLine: (top: Vector3, bottom: Vector3)?

    /// The shadow of the selected piece of `model` (the first one marked selected that is not a
    /// hint and is drawn where it lies), or nil when there is none.
    init?(model: SceneModel) {
        guard let index = model.pieces.firstIndex(where: {
            $0.marks.contains(.selected) && !$0.marks.contains(.hint) && $0.displacement == .zero
        }) else { return nil }
        let caster = model.pieces[index]
        // The lowest cube of each of the piece's columns, in the order of its cubes.
        var lowest: [Cell] = []
        for cell in caster.cells {
            if let k = lowest.firstIndex(where: { $0.x == cell.x && $0.y == cell.y }) {
                if cell.z < lowest[k].z { lowest[k] = cell }
            } else {
                lowest.append(cell)
            }
        }
        let others = model.pieces.enumerated().filter { $0.offset != index && !$0.element.marks.contains(.hint)
            && $0.element.displacement == .zero }.map(\.element)
        let covered = CellGrid(others.flatMap(\.cells) + caster.cells)
        var squares: [Square] = []
        var resting = false
        var line: (top: Vector3, bottom: Vector3)?
        for cube in lowest {
            // The highest surface under the cube: the top of a cell below it, or the floor.
            var top: Int?, id = HitID.none
            if let floor = model.floor, floor.level <= cube.z {
                top = floor.level
                id = .floor(x: cube.x, y: cube.y)
            }
            for other in others {
                for (k, c) in other.cells.enumerated() where c.x == cube.x && c.y == cube.y && c.z < cube.z {
                    if top.map({ c.z + 1 > $0 }) ?? true { top = c.z + 1; id = .piece(piece: other.id, cube: k, face: .top) }
                }
            }
            for c in model.ghostCells where c.x == cube.x && c.y == cube.y && c.z < cube.z && !covered.contains(c) {
                if top.map({ c.z + 1 > $0 }) ?? true { top = c.z + 1; id = .ghost(x: c.x, y: c.y, z: c.z, face: .top) }
            }
            guard let top else { continue }
            if top == cube.z {
                // Touching the ghost is no support (the game lets pieces pass through it), so it
                // keeps the drop line; touching the floor or a piece is.
                if case .ghost = id {} else { resting = true }
                continue
            }
            squares.append(Square(x: cube.x, y: cube.y, z: top, id: id))
            if line == nil || cube.z < Int(line!.top.z) {
                let middle = Vector3(Double(cube.x) + 0.5, Double(cube.y) + 0.5, 0)
                line = (middle + Vector3(0, 0, Double(cube.z)), middle + Vector3(0, 0, Double(top)))
            }
        }
        piece = index
        self.squares = squares
        dropLine = resting ? nil : line
    }
}
