import Polycube
import Scene

/// The lattice plane the designer draws on: the layer of cells through the cursor that faces
/// the camera (SwiftSpace draws on a plane aligned with the camera; on a lattice that plane is
/// snapped to the axis nearest the line of sight). Arrow keys move the cursor within it, in the
/// directions they point on screen; `[` and `]` move the whole plane away and nearer.
struct DrawingPlane: Hashable, Sendable {
    /// The cell a key press adds or removes.
    var cursor: Cell
    /// The signed unit axis nearest the line of sight, pointing at the viewer.
    private(set) var normal: Cell

    init(cursor: Cell, facing camera: Camera) {
        self.cursor = cursor
        self.normal = camera.nearestLatticeDirection(to: camera.towardEye)
    }

    /// Turns the plane to face a camera that has moved; the cursor stays where it is.
    mutating func face(_ camera: Camera) {
        normal = camera.nearestLatticeDirection(to: camera.towardEye)
    }

    /// The axis across the plane.
    var axis: Axis { Axis.signed(normal).axis }

    /// The plane's coordinate along its axis: all its cells share it.
    var level: Int { DrawingPlane.coordinate(cursor, axis) }

    /// The plane moved `steps` cells toward the viewer (negative: away), cursor and all.
    mutating func move(toward steps: Int) {
        cursor = cursor + Cell(normal.x * steps, normal.y * steps, normal.z * steps)
    }

    /// The in-plane unit step whose picture on screen points most along (`columns`, `rows`)
    /// (rows down): what an arrow key means. Ties go to the axis listed first in
    /// `Camera.worldDelta(forScreen:)`'s order, so the four arrows give four different steps.
    func step(forScreen columns: Double, _ rows: Double, camera: Camera) -> Cell {
        let dx = columns, dy = rows * camera.aspect
        let right = camera.right, up = camera.up
        let order = abs(dx) >= abs(dy) ? [0, 1, 2] : [2, 1, 0]
        var best = Cell.origin, bestScore = 1e-9
        for a in order where a != axis.rawValue {
            for sign in [1, -1] {
                let v = Vector3(a == 0 ? Double(sign) : 0, a == 1 ? Double(sign) : 0, a == 2 ? Double(sign) : 0)
                let score = dx * (v * right).sum() - dy * (v * up).sum()
                if score > bestScore + 1e-9 {
                    best = Cell(a == 0 ? sign : 0, a == 1 ? sign : 0, a == 2 ? sign : 0)
                    bestScore = score
                }
            }
        }
        return best
    }

    /// The cell of the layer `level` across `axis` that the pointer at (`column`, `row`) of a
    /// `width` x `height` picture drawn with `camera` points at: the camera's ray through the
    /// centre of that terminal cell meets the layer's middle plane there. Nil when the layer is
    /// seen edge on. This is how a mouse stroke keeps painting in one layer.
    static func cell(atColumn column: Int, row: Int, width: Int, height: Int, camera: Camera,
                     axis: Axis, level: Int) -> Cell? {
        let sx = Double(column) + 0.5 - Double(width) / 2
        let sy = Double(row) + 0.5 - Double(height) / 2
        let start = camera.pivot + camera.right * (sx / camera.zoom) - camera.up * (sy * camera.aspect / camera.zoom)
        let eye = camera.towardEye
        guard abs(eye[axis.rawValue]) > 0.05 else { return nil }
        let t = (Double(level) + 0.5 - start[axis.rawValue]) / eye[axis.rawValue]
        let p = start + eye * t
        var cell = Cell(Int(p.x.rounded(.down)), Int(p.y.rounded(.down)), Int(p.z.rounded(.down)))
        switch axis {
        case .x: cell.x = level
        case .y: cell.y = level
        case .z: cell.z = level
        }
        return cell
    }

    static func coordinate(_ cell: Cell, _ axis: Axis) -> Int {
        axis.coordinate(of: cell)
    }

    /// The cells of a straight line from `a` to `b` (both included), one axis step at a time,
    /// so that a fast stroke leaves no gaps: each cell touches the one before by a face.
    static func line(from a: Cell, to b: Cell) -> [Cell] {
        let d = [b.x - a.x, b.y - a.y, b.z - a.z], from = [a.x, a.y, a.z]
        let total = d.reduce(0) { $0 + abs($1) }
        var c = from
        var cells = [a]
        for k in stride(from: 1, through: total, by: 1) {
            // Step along the axis that lags most behind the straight line at this point.
            let f = Double(k) / Double(total)
            var best = 0, bestGap = -Double.infinity
            for i in 0..<3 where c[i] != from[i] + d[i] {
                let gap = (Double(from[i]) + Double(d[i]) * f - Double(c[i])) * Double(d[i].signum())
                if gap > bestGap { best = i; bestGap = gap }
            }
            c[best] += d[best].signum()
            cells.append(Cell(c[0], c[1], c[2]))
        }
        return cells
    }
}
