import Testing
import Polycube
@testable import Solver

/// The questions the game asks about a position while the player builds it.
@Suite struct PartialPositionTests {
    let solver: Solver

    init() throws {
        solver = try Solver(Figures.somaCube)
    }

    @Test func emptyPositionIsValidAndNotComplete() throws {
        #expect(solver.check([]) == nil)
        #expect(!solver.isComplete([]))
        #expect(try solver.countCompletions(of: []) == 11520)
        #expect(try solver.countCompletions(of: [], limit: 10) == 10)
    }

    @Test func aSolutionIsCompleteAndEachPieceRemovedLeavesOneWayBack() throws {
        let solution = try #require(try solver.firstSolution())
        let placements = solution.pieces.map(\.placement)
        #expect(placements.count == 7)
        #expect(solver.check(placements) == nil)
        #expect(solver.isComplete(placements))
        #expect(try solver.countCompletions(of: placements) == 1)
        for i in placements.indices {
            var partial = placements
            partial.remove(at: i)
            #expect(!solver.isComplete(partial))
            #expect(try solver.countCompletions(of: partial) == 1)
            let hint = try #require(try solver.hint(for: partial))
            #expect(Set(hint.pieces.map(\.placement)) == Set(placements))
        }
    }

    @Test func solutionCellsMatchPlacementsAndFillTheFigure() throws {
        let solution = try #require(try solver.firstSolution())
        var covered: [Cell] = []
        for piece in solution.pieces {
            let shape = try #require(PieceSet.soma.piece(piece.placement.piece)).shape
            #expect(piece.placement.cells(of: shape).sorted() == piece.cells)
            covered += piece.cells
        }
        #expect(covered.sorted() == Figures.somaCube.cells)
    }

    @Test func invalidPositionsNameThePiece() throws {
        let v = Placement(piece: "V")
        #expect(solver.check([Placement(piece: "Q")]) == .unknownPiece("Q"))
        #expect(solver.check([Placement(piece: "L", offset: Cell(1, 0, 0))]) == .outsideFigure("L"))
        #expect(solver.check([v, Placement(piece: "T")]) == .overlap("V", "T"))
        #expect(solver.check([v, Placement(piece: "V", offset: Cell(0, 0, 2))]) == .tooManyCopies("V"))
        #expect(solver.check([Placement(piece: "A", orientation: .mirrorX, offset: Cell(1, 0, 0))])
            == .notAllowedPose("A"))
        #expect(throws: PositionIssue.unknownPiece("Q")) { try solver.countCompletions(of: [Placement(piece: "Q")]) }
    }

    @Test func aPositionWithNoCompletionCountsZeroAndHasNoHint() throws {
        // The X at the end of the 3x20 board cuts off two corner cells.
        let board = try Solver(Figures.board(20, 3))
        let x = [Placement(piece: "X")]
        #expect(board.check(x) == nil)
        #expect(try board.countCompletions(of: x) == 0)
        #expect(try board.hint(for: x) == nil)
        #expect(try board.countCompletions(of: []) == 8)
    }

    @Test func cancellingStopsTheSearch() {
        let control = SearchControl(isCancelled: { true })
        #expect(throws: SearchCancelled.self) { try solver.count(control: control) }
        #expect(throws: SearchCancelled.self) { try solver.countCompletions(of: [], control: control) }
    }

    @Test func progressReachesOne() throws {
        let last = LastValue()
        _ = try solver.count(control: SearchControl(progress: { last.set($0) }))
        #expect(last.value == 1)
    }
}

/// Remembers the last progress value reported (the callback may come from another thread).
final class LastValue: @unchecked Sendable {
    private(set) var value = 0.0
    func set(_ v: Double) { value = v }
}
