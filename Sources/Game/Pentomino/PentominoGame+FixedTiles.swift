import Polycube

/// Tiles fixed in place by the puzzle (the daily pentomino puzzle's): where each one lies, and
/// the refusal a try at moving one gets.
extension PentominoGame {
    /// The tile index and placement of each of the board's pre-placed pieces: the first tile
    /// of its letter not yet fixed, turned and moved onto the cells the board gives it. A
    /// pre-placed piece no tile can cover so (a file the solver would refuse) fixes nothing.
    static func fixedPlacements(of board: Figure, tiles: [Tile]) -> [Int: Placement] {
        var result: [Int: Placement] = [:]
        for pre in board.preplaced {
            let target = Shape(pre.cells.map { Cell($0.x, $0.y, 0) })
            guard let i = tiles.indices.first(where: { tiles[$0].letter == pre.letter && result[$0] == nil }),
                  let g = board.pieceSet.orientationGroup.first(where: { tiles[i].shape.transformed(by: $0) == target })
            else { continue }
            let offset = Bounds(pre.cells).lo - Bounds(tiles[i].shape.cells.map(g.apply)).lo
            result[i] = Placement(piece: pre.letter, orientation: g, offset: Cell(offset.x, offset.y, 0))
        }
        return result
    }

    /// True when tile `i` is fixed in place by the puzzle.
    func isFixed(_ i: Int) -> Bool { fixedTiles.contains(i) }

    /// How many tiles the puzzle fixed in place.
    var fixedCount: Int { fixedTiles.count }
}
