/// Converts between terminal cells (column, row) and iso units.
///
/// A row is `aspect` units tall (a cell's height over its width, 2.0 on most terminals). The front
/// end places a touch at the centre of the cell it was reported in.
public struct CellMetrics: Hashable, Sendable {
    public var aspect: Double

    public init(aspect: Double = 2.0) {
        self.aspect = aspect
    }

    /// The centre of cell (col, row), in iso units.
    public func iso(col: Int, row: Int) -> GPoint {
        GPoint(x: Double(col) + 0.5, y: (Double(row) + 0.5) * aspect)
    }

    /// The cell that contains an iso point.
    public func cell(_ p: GPoint) -> (col: Int, row: Int) {
        (Trigonometry.floorToInt(p.x), Trigonometry.floorToInt(p.y / aspect))
    }

    /// A vector in iso units expressed in cells: `(dx, dy / aspect)`, for game logic.
    public func cells(_ v: GPoint) -> GPoint { GPoint(x: v.x, y: v.y / aspect) }
}
