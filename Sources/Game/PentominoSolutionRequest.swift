import Polycube
import Solver

/// "Show me a solution": a question for the solver as a value, answered off the input path
/// (a search on a large board can take a moment) and played back by the session tile by tile.
///
/// The answer continues the player's position when it can still be completed, so the tiles
/// already down stay down; otherwise it is a solution of the empty board.
public struct PentominoSolutionRequest: Hashable, Sendable {
    public var board: Figure
    /// The tiles on the board when the player asked; a stale answer is thrown away.
    public var fixed: [Placement]

    public init(board: Figure, fixed: [Placement]) {
        self.board = board
        self.fixed = fixed
    }

    /// The answer: the placements still to make, in the order to play them, or why there are none.
    public struct Answer: Hashable, Sendable {
        public var fixed: [Placement]
        /// True when the position was a dead end: the board is cleared before playing.
        public var fromScratch: Bool
        /// The tiles to put down, left to right then bottom to top, so the playback reads
        /// like someone filling the board.
        public var placements: [Placement]
        public var problem: String?
    }

    public func run() -> Answer {
        do {
            let solver = try Solver(board)
            var fromScratch = false
            var solution = fixed.isEmpty ? nil : try solver.hint(for: fixed)
            if solution == nil {
                fromScratch = true
                solution = try solver.firstSolution()
            }
            guard let solution else {
                return Answer(fixed: fixed, fromScratch: true, placements: [], problem: "this board has no solution")
            }
            // Compared by the squares they cover: a symmetric tile has several equal poses.
            let kept = fromScratch ? [] : Set(fixed.compactMap { pose in
                board.pieceSet.piece(pose.piece).map { Set(pose.cells(of: $0.shape)) }
            })
            let todo = solution.pieces
                .filter { !kept.contains(Set($0.cells)) }
                .sorted { a, b in
                    let (ka, kb) = (Self.key(a.cells), Self.key(b.cells))
                    return ka.x != kb.x ? ka.x < kb.x : ka.y < kb.y
                }
            return Answer(fixed: fixed, fromScratch: fromScratch, placements: todo.map(\.placement))
        } catch {
            return Answer(fixed: fixed, fromScratch: false, placements: [], problem: String(describing: error))
        }
    }

    private static func key(_ cells: [Cell]) -> (x: Int, y: Int) {
        let c = cells.min { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y } ?? .origin
        return (c.x, c.y)
    }
}
