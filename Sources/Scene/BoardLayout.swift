import Polycube

/// Where the board's squares are on the canvas: a square is `squareWidth` columns by
/// `squareHeight` rows between grid lines (4 by 2 looks square, a row being about 2 columns
/// tall), with y growing up the screen as in figure files.
public struct BoardLayout: Hashable, Sendable {
    public var squareWidth: Int
    public var squareHeight: Int
    /// The column of the vertical grid line at x = `minX`.
    public var originColumn: Int
    /// The row of the horizontal grid line at the top of the squares y = `maxY`.
    public var originRow: Int
    public var minX: Int
    public var maxY: Int

    public init(squareWidth: Int, squareHeight: Int, originColumn: Int, originRow: Int, minX: Int, maxY: Int) {
        self.squareWidth = squareWidth
        self.squareHeight = squareHeight
        self.originColumn = originColumn
        self.originRow = originRow
        self.minX = minX
        self.maxY = maxY
    }

    /// The column of the vertical grid line at the left of squares x.
    public func column(ofLineX x: Int) -> Int { originColumn + (x - minX) * squareWidth }
    /// The row of the horizontal grid line at the bottom of squares y.
    public func row(ofLineY y: Int) -> Int { originRow + (maxY + 1 - y) * squareHeight }

    /// The square under a canvas cell, and where in it (x and y in 0...1, y up) the cell's centre
    /// falls. Cells on grid lines belong to the square to their right and below.
    func square(column: Int, row: Int) -> (cell: Cell, point: (x: Double, y: Double)) {
        let fx = (Double(column - originColumn) + 0.5) / Double(squareWidth)
        let fy = (Double(row - originRow) + 0.5) / Double(squareHeight)
        let x = Int(fx.rounded(.down)), down = Int(fy.rounded(.down))
        return (Cell(minX + x, maxY - down, 0), (fx - Double(x), 1 - (fy - Double(down))))
    }

    /// Lays the board's plane under every cell of `canvas`: each cell's ground becomes the
    /// square it lies over (`.floor(x:y:)`), on the board or off it, grid lines belonging to the
    /// square to their right and below. What a pointer lands on is then read from the picture.
    public func layGround(under canvas: inout Canvas) {
        for row in 0..<canvas.height {
            for column in 0..<canvas.width {
                let cell = square(column: column, row: row).cell
                canvas.setGround(.floor(x: cell.x, y: cell.y), column: column, row: row)
            }
        }
    }
}
