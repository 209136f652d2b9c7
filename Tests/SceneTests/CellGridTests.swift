import Testing
import Polycube
@testable import Scene

@Suite struct CellGridTests {
    /// The grid answers like a `Set` inside its box, outside it, and when the cells are spread so
    /// far that it keeps a set instead of flags.
    @Test(arguments: [
        [Cell(0, 0, 0), Cell(2, 1, 0), Cell(1, 2, 3), Cell(-1, 0, 1)],
        [Cell(0, 0, 0), Cell(1_000_000, 0, 0), Cell(0, -5, 2)],
        [Cell(4, 4, 4)],
        [],
    ])
    func answersLikeASet(cells: [Cell]) {
        let grid = CellGrid(cells)
        let set = Set(cells)
        var probes = cells.flatMap { c in [c] + c.neighbours }
        probes += [Cell(-2, -2, -2), Cell(3, 3, 4), Cell(999_999, 0, 0), Cell(0, 0, 0)]
        for p in probes {
            #expect(grid.contains(p) == set.contains(p), "cell \(p)")
        }
    }
}
