import Polycube

/// One rendered picture of the board view and the way back from it, like `SceneFrame`: hit
/// testing reads the canvas's id buffer, so it reports what is drawn at the cell.
public struct BoardFrame: Sendable {
    public var canvas: Canvas
    public let layout: BoardLayout
    let model: BoardModel

    /// The tile (`.piece(piece: id, cube: index of the square in its cells, face: .top)`), board
    /// square (`.floor`) or control drawn at a cell, and the point of the square under the cell's
    /// centre (`localPoint` x, y in 0...1, z 1 on a tile, 0 on the board); nil for nothing.
    /// A held tile is hit where it is drawn: on the grid, over what it covers.
    func hitTest(column: Int, row: Int) -> SceneHit? {
        guard canvas.contains(column: column, row: row) else { return nil }
        let id = canvas[column, row].id
        let square: Cell, z: Double
        let c = column, r = row
        switch id {
        case .none:
            return nil
        case .control, .ghost:
            return SceneHit(id: id)
        case let .floor(x, y):
            square = Cell(x, y, 0); z = 0
        case let .piece(tileID, cube, _):
            guard let tile = model.tiles.first(where: { $0.id == tileID }), cube < tile.cells.count else {
                return SceneHit(id: id)
            }
            square = tile.cells[cube]; z = 1
        }
        let left = layout.column(ofLineX: square.x), top = layout.row(ofLineY: square.y + 1)
        func clamp(_ v: Double) -> Double { min(max(v, 0), 1) }
        let local = Vector3(clamp((Double(c - left) + 0.5) / Double(layout.squareWidth)),
                            clamp(1 - (Double(r - top) + 0.5) / Double(layout.squareHeight)), z)
        return SceneHit(id: id, localPoint: local, worldPoint: Vector3(Double(square.x), Double(square.y), 0) + local)
    }
}
