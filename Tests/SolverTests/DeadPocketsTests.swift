import Testing
import Polycube
@testable import Solver

/// The options the search leaves out because they wall in a pocket no pieces fill.
@Suite struct DeadPocketsTests {
    let problem: ExactCover

    init() throws {
        problem = try ExactCover(figure: Figures.board(6, 10))
    }

    /// The option of `letter` covering exactly `cells`.
    func option(_ letter: Character, _ cells: [(Int, Int)]) -> Int {
        let p = problem.pieces.firstIndex { $0.letter == letter }!
        let mask = CellMask(indices: cells.map { problem.layout.index(of: Cell($0.0, $0.1, 0))! })
        return problem.option(piece: p, mask: mask)!
    }

    func isDead(_ option: Int) -> Bool {
        DeadPockets.options([problem.masks[option]], layout: problem.layout, filled: problem.initialFilled,
                            remaining: problem.initialRemaining, pieces: problem.pieces)[0]
    }

    /// A W that cuts off the corner cell, and a V that walls in the four cells of the
    /// corner, leave pockets no pentomino fills; the same W one cell further, and a V that
    /// fills the corner, wall in nothing.
    @Test func pocketsOfTheWrongSizeAreDead() {
        let cutsCorner = option("W", [(0, 2), (0, 1), (1, 1), (1, 0), (2, 0)])
        let wallsInFour = option("V", [(0, 2), (1, 2), (2, 2), (2, 1), (2, 0)])
        let clear = option("W", [(0, 3), (0, 2), (1, 2), (1, 1), (2, 1)])
        let fillsCorner = option("V", [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)])
        #expect(isDead(cutsCorner))
        #expect(isDead(wallsInFour))
        #expect(!isDead(clear))
        #expect(!isDead(fillsCorner))
    }

    /// The game still knows every option (a player may put a piece where it walls in a
    /// corner), while the search's lists leave the dead ones out.
    @Test func theGameKeepsDeadOptionsAndTheSearchDropsThem() {
        let cutsCorner = option("W", [(0, 2), (0, 1), (1, 1), (1, 0), (2, 0)])
        #expect(problem.masks.indices.contains(cutsCorner))
        #expect(!problem.windowOptions.contains(Int32(cutsCorner)))
        let clear = option("W", [(0, 3), (0, 2), (1, 2), (1, 1), (2, 1)])
        #expect(problem.windowOptions.contains(Int32(clear)))
    }
}
