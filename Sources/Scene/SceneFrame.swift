import Polycube

/// One rendered picture of a scene and the way back from it: the canvas to present, and hit
/// testing that reads the canvas's id buffer, so what it reports is by construction what the
/// user sees at that cell (text put on the canvas afterwards, such as a legend with `control`
/// ids, is hit as well).
public struct SceneFrame: Sendable {
    public var canvas: Canvas
    let camera: Camera
    let model: SceneModel

    init(canvas: Canvas, camera: Camera, model: SceneModel) {
        self.canvas = canvas
        self.camera = camera
        self.model = model
    }

    /// Where a lattice point is drawn: the canvas column and row (fractional; the cell is their
    /// integer parts) and its depth. The inverse of what `hitTest` does for a face.
    public func screenPoint(of p: Vector3) -> (column: Double, row: Double, depth: Double) {
        let q = camera.project(p)
        return (q.column + Double(canvas.width) / 2, q.row + Double(canvas.height) / 2, q.depth)
    }

    /// The piece, cube and face (or ghost cell, floor square, control) drawn at a cell, and the
    /// point on it under the cell's centre; nil for an empty cell or one outside the canvas.
    ///
    /// The point is found by casting the camera's ray through the cell centre onto the plane of
    /// the face hit, and clamped to the face: a terminal cell is coarse, and its centre may fall
    /// just beyond the face drawn there.
    public func hitTest(column: Int, row: Int) -> SceneHit? {
        guard canvas.contains(column: column, row: row) else { return nil }
        let id = canvas[column, row].id
        let origin: Vector3, normal: Vector3, planePoint: Vector3
        switch id {
        case .none:
            return nil
        case .control:
            return SceneHit(id: id)
        case let .floor(x, y):
            let level = model.floor?.level ?? 0
            origin = Vector3(Double(x), Double(y), Double(level))
            normal = Vector3(0, 0, 1)
            planePoint = origin
        case let .ghost(x, y, z, face):
            origin = Vector3(Cell(x, y, z))
            normal = Vector3(face.geometry.normal)
            planePoint = origin + Vector3(face.geometry.corner)
        case let .piece(pieceID, cube, face):
            guard let piece = model.pieces.first(where: { $0.id == pieceID }), cube < piece.cells.count else {
                return SceneHit(id: id)
            }
            origin = Vector3(piece.cells[cube]) + piece.displacement
            normal = Vector3(face.geometry.normal)
            planePoint = origin + Vector3(face.geometry.corner)
        }
        // The ray through the cell centre, from the pivot's plane toward the camera and beyond.
        let sx = Double(column) + 0.5 - Double(canvas.width) / 2
        let sy = Double(row) + 0.5 - Double(canvas.height) / 2
        let start = camera.pivot + camera.right * (sx / camera.zoom) - camera.up * (sy * camera.aspect / camera.zoom)
        let eye = camera.towardEye
        let facing = normal.dot(eye)
        let t = abs(facing) > 1e-12 ? normal.dot(planePoint - start) / facing : 0
        var local = start + eye * t - origin
        local = Vector3(min(max(local.x, 0), 1), min(max(local.y, 0), 1), min(max(local.z, 0), 1))
        return SceneHit(id: id, localPoint: local, worldPoint: origin + local)
    }
}
