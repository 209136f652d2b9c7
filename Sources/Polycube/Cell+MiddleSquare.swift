/// The square of a flat tile nearest the middle of its squares (x and y; z is not looked at),
/// the topmost (largest y) then leftmost of equals, or the origin for no squares. Defined by the
/// squares alone, not by how the shape was first written down: the pentomino game hangs a tile
/// in hand from it (so turning the tile keeps it under the cursor) and the board picture puts
/// the tile's letter on it, the same square for both.
extension Cell {
    public static func middleSquare(of cells: [Cell]) -> Cell {
        let n = Double(max(cells.count, 1))
        let cx = Double(cells.map(\.x).reduce(0, +)) / n, cy = Double(cells.map(\.y).reduce(0, +)) / n
        func d(_ c: Cell) -> Double { (Double(c.x) - cx) * (Double(c.x) - cx) + (Double(c.y) - cy) * (Double(c.y) - cy) }
        return cells.min { a, b in
            let (da, db) = (d(a), d(b))
            if abs(da - db) > 1e-9 { return da < db }
            return a.y != b.y ? a.y > b.y : a.x < b.x
        } ?? .origin
    }
}
