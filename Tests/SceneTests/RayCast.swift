import Polycube
@testable import Scene

/// What a camera sees through one point of the screen, found by casting a ray at every face of
/// every cube in the model: a second way to the answer the rasterizer's id buffer gives, written
/// without it, so that hit tests compare the picture with the geometry and not with itself.
struct RayCast {
    let model: SceneModel
    let camera: Camera
    let width: Int
    let height: Int

    /// A candidate along the ray: what is there, and how near (smaller is nearer).
    private struct Candidate {
        var id: HitID
        var depth: Double
        /// The hit point lies within a hair of the face's border, where two faces meet.
        var onBorder: Bool
    }

    /// The thing seen through screen point (column, row) (cell units, fractions allowed), or nil
    /// when the answer is too close to call: the ray passes within `margin` of a face's border,
    /// or two different things lie at the same depth.
    func seen(column: Double, row: Double, margin: Double = 1e-3) -> HitID?? {
        let sx = column - Double(width) / 2, sy = row - Double(height) / 2
        let start = camera.pivot + camera.right * (sx / camera.zoom) - camera.up * (sy * camera.aspect / camera.zoom)
        let eye = camera.towardEye

        func hit(_ origin: Vector3, _ face: Face, id: HitID, bias: Double) -> Candidate? {
            let g = face.geometry
            let n = Vector3(g.normal)
            let facing = n.dot(eye)
            guard facing > 1e-9 else { return nil }
            let corner = origin + Vector3(g.corner)
            // The ray is start - eye * t; it meets the face's plane where (p - corner) · n = 0.
            let t = (start - corner).dot(n) / facing
            let p = start - eye * t
            let u = (p - corner).dot(Vector3(g.a)), v = (p - corner).dot(Vector3(g.b))
            guard u > -margin, u < 1 + margin, v > -margin, v < 1 + margin else { return nil }
            let border = min(u, 1 - u, v, 1 - v) < margin
            return Candidate(id: id, depth: t + bias, onBorder: border)
        }

        // Layers: pieces over the ghost over the floor, whatever their depths.
        var pieces: [Candidate] = []
        for piece in model.pieces {
            let bias = piece.marks.contains(.selected) ? SceneRenderer.selectedBias : 0
            for (k, cell) in piece.cells.enumerated() {
                for face in Face.allCases where !piece.cells.contains(cell + face.normal) {
                    if let c = hit(Vector3(cell) + piece.displacement, face, id: .piece(piece: piece.id, cube: k, face: face), bias: bias) {
                        pieces.append(c)
                    }
                }
            }
        }
        var ghost: [Candidate] = []
        let covered = Set(model.pieces.filter { !$0.marks.contains(.hint) }.flatMap(\.cells))
        let ghostCells = Set(model.ghostCells).subtracting(covered)
        for cell in ghostCells {
            for face in Face.allCases where !ghostCells.contains(cell + face.normal) {
                if let c = hit(Vector3(cell), face, id: .ghost(x: cell.x, y: cell.y, z: cell.z, face: face), bias: 0) {
                    ghost.append(c)
                }
            }
        }
        var floor: [Candidate] = []
        if let f = model.floor {
            for y in f.ys {
                for x in f.xs {
                    let origin = Vector3(Double(x), Double(y), Double(f.level) - 1)
                    if let c = hit(origin, .top, id: .floor(x: x, y: y), bias: 0) { floor.append(c) }
                }
            }
        }
        for layer in [pieces, ghost, floor] where !layer.isEmpty {
            let sorted = layer.sorted { $0.depth < $1.depth }
            let nearest = sorted[0]
            if nearest.onBorder { return nil }
            if sorted.count > 1, sorted[1].id != nearest.id, sorted[1].depth - nearest.depth < 1e-6 { return nil }
            return .some(nearest.id)
        }
        return .some(HitID.none)
    }
}
