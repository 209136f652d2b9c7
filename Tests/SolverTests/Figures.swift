import Polycube

/// The figures the tests solve, built from their dimensions.
enum Figures {
    static func box(_ name: String, _ x: Int, _ y: Int, _ z: Int, _ set: PieceSet) -> Figure {
        var cells: [Cell] = []
        for k in 0..<z { for j in 0..<y { for i in 0..<x { cells.append(Cell(i, j, k)) } } }
        return Figure(name: name, cells: cells, pieceSet: set)
    }

    static let somaCube = box("cube", 3, 3, 3, .soma)
    static func board(_ width: Int, _ height: Int) -> Figure {
        box("\(width)x\(height)", width, height, 1, .pentominoes)
    }

    /// The 8x8 board without its centre 2x2 square.
    static let board8x8Hole = Figure(
        name: "8x8-hole",
        cells: board(8, 8).cells.filter { !((3...4).contains($0.x) && (3...4).contains($0.y)) },
        pieceSet: .pentominoes)
}
