import Polycube
import Scene

/// The designer's pointer: a stroke of a button adds, paints, erases or orbits, hit-tested
/// against the picture of the camera the stroke froze.
extension DesignerSession {
    /// Handles a pointer report (screen cells of the whole screen).
    mutating func handle(_ pointer: DesignerPointer) -> [GameEffect] {
        switch pointer {
        case let .press(button, column, row):
            let area = Self.pictureArea(width: screen.width, height: screen.height)
            guard area.contains(column: column, row: row) else { return [] }
            let frozen = camera
            strokeRecorded = false
            let hit = frame(camera: frozen).hitTest(column: column - area.column, row: row - area.row)
            message = nil
            switch button {
            case .primary:
                guard let (target, axis) = target(of: hit?.id) else {
                    let area = Self.pictureArea(width: screen.width, height: screen.height)
                    let onPlane = DrawingPlane.cell(atColumn: column - area.column, row: row - area.row,
                                                    width: area.width, height: area.height, camera: frozen,
                                                    axis: plane.axis, level: plane.level)
                    stroke = .orbit(column: column, row: row, click: onPlane.flatMap { planePatch.contains($0) ? $0 : nil })
                    return []
                }
                stroke = .paint(axis: axis, level: DrawingPlane.coordinate(target, axis), last: target, camera: frozen)
                plane.cursor = target
                return design.contains(target) ? [] : change { $0.add(target) }
            case .secondary:
                guard let cell = cell(of: hit?.id) else {
                    stroke = .orbit(column: column, row: row, click: nil)
                    return []
                }
                stroke = .erase(camera: frozen)
                return change { $0.remove(cell) }
            case .middle:
                stroke = .orbit(column: column, row: row, click: nil)
            }
            return []
        case let .drag(column, row):
            guard let stroke else { return [] }
            let area = Self.pictureArea(width: screen.width, height: screen.height)
            switch stroke {
            case let .orbit(lastColumn, lastRow, _):
                guard column != lastColumn || row != lastRow else { return [] }
                orbit(columns: Double(column - lastColumn), rows: Double(row - lastRow))
                self.stroke = .orbit(column: column, row: row, click: nil)
            case let .paint(axis, level, last, frozen):
                guard let cell = DrawingPlane.cell(atColumn: column - area.column, row: row - area.row,
                                                   width: area.width, height: area.height, camera: frozen,
                                                   axis: axis, level: level),
                      cell != last else { return [] }
                let line = DrawingPlane.line(from: last, to: cell).dropFirst().filter { !design.contains($0) }
                self.stroke = .paint(axis: axis, level: level, last: cell, camera: frozen)
                plane.cursor = cell
                return line.isEmpty ? [] : change(continuing: true) { d in for c in line { d.add(c) } }
            case let .erase(frozen):
                let hit = frame(camera: frozen).hitTest(column: column - area.column, row: row - area.row)
                guard let cell = cell(of: hit?.id) else { return [] }
                return change(continuing: true) { $0.remove(cell) }
            }
            return []
        case .release:
            defer { stroke = nil }
            guard case .orbit(_, _, let click?)? = stroke, !design.contains(click) else { return [] }
            plane.cursor = click
            stroke = nil
            return change { $0.add(click) }
        case .cancel:
            stroke = nil
            return []
        case .wheel(let up):
            viewpoint.zoom(by: up ? 1.25 : 0.8)
            return []
        case .zoom(let factor):
            // Untrusted: only a finite, positive scale zooms (the viewpoint clamps the result).
            if factor.isFinite, factor > 0 { viewpoint.zoom(by: factor) }
            return []
        }
    }

    /// The cells of the drawing plane around the work, marked with dots on empty space, where a
    /// click adds a cube: the plane through the cursor, across the work's bounds and one more.
    var planePatch: Set<Cell> {
        let (lo, hi) = Self.bounds(extent)
        let a = plane.axis.rawValue, level = plane.level
        let (u, v) = ((a + 1) % 3, (a + 2) % 3)
        func coordinates(_ c: Cell) -> [Int] { [c.x, c.y, c.z] }
        let low = coordinates(lo), high = coordinates(hi)
        var cells = Set<Cell>()
        for i in (low[u] - 1)...(high[u] + 1) {
            for j in (low[v] - 1)...(high[v] + 1) {
                var c = [0, 0, 0]
                c[a] = level; c[u] = i; c[v] = j
                cells.insert(Cell(c[0], c[1], c[2]))
            }
        }
        return cells
    }

    /// The cell a primary click adds, and the axis across the layer a drag from it paints in:
    /// on a cube's face, the cell on that face (building with blocks); on the floor, the cell
    /// standing on it; on the cursor's cube, the cursor. Nil for empty space (which orbits).
    func target(of id: HitID?) -> (Cell, Axis)? {
        switch id {
        case let .piece(piece, _, _)? where piece == SceneObjectID.cursor.id:
            return (plane.cursor, plane.axis)
        case let .piece(piece, _, face)?:
            let cells = design.cells.sorted()
            guard piece >= 0, piece < cells.count else { return nil }
            return (cells[piece] + face.normal, Axis(rawValue: face.axis) ?? .z)
        case let .floor(x, y)?:
            let level = sceneModel().floor?.level ?? 0
            return (Cell(x, y, level), .z)
        default:
            return nil
        }
    }

    /// The design's cube under a hit, if any.
    func cell(of id: HitID?) -> Cell? {
        guard case let .piece(piece, _, _)? = id, piece >= 0 else { return nil }
        let cells = design.cells.sorted()
        return piece < cells.count ? cells[piece] : nil
    }
}
