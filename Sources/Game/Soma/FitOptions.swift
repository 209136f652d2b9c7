import Polycube
import Solver

/// Every placement of each piece of a figure, from the solver's exact-cover table, and the
/// solver itself for asking whether a position can still be finished: what `Fits` are cut
/// from. Built once per game; two are equal when they list the same placements (the solver is
/// derived from the figure).
struct FitOptions: Equatable, Sendable {
    let solver: Solver?
    let placements: [Character: [Placement]]

    /// Figures of more cells than this are not asked whether a fit leaves them solvable: on a
    /// large figure one such question can take longer than a frame.
    static let solvableCheckCells = 40

    init(figure: Figure) {
        let solver = try? Solver(figure)
        self.solver = solver
        var placements: [Character: [Placement]] = [:]
        for piece in figure.pieceSet.pieces { placements[piece.letter] = solver?.placements(of: piece.letter) ?? [] }
        self.placements = placements
    }

    static func == (a: FitOptions, b: FitOptions) -> Bool { a.placements == b.placements }

    /// Whether the solvable check is affordable here (see `solvableCheckCells`).
    var checksSolvable: Bool { (solver?.figure.cells.count ?? Int.max) <= Self.solvableCheckCells }
}

/// What a `Fits` was computed for.
struct FitsKey: Hashable, Sendable {
    let piece: Int
    let others: [Placement]
    let assist: Assist
}

/// What a cycle goes through, in order (indices into `Fits.fits`): the fits covering the plan
/// cell clicked (`cell`), or every fit of the piece (`cell` nil: the cycle keys `c`/`C`).
struct FitCycle: Hashable, Sendable {
    let cell: Cell?
    let order: [Int]
}
