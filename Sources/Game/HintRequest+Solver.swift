import Polycube
import Solver

extension HintRequest {
    /// Runs the solver for this request: counts the completions (up to the limit) and finds one
    /// placement of a piece still to place. This can take a while on large figures: the terminal
    /// loop calls it off the input path, and may cancel it through `control` when the position
    /// has moved on. Returns nil when cancelled.
    public func run(control: SearchControl = SearchControl()) -> HintResult? {
        do {
            let solver = try Solver(figure)
            let count = try solver.countCompletions(of: fixed, limit: limit, control: control)
            var suggestion: Placement?
            if count > 0, let solution = try solver.hint(for: fixed, control: control) {
                // The pieces placed and the figure's pre-placed ones (a puzzle's fixed tiles, which
                // the solution holds too) are no suggestion.
                let taken = Set(fixed.flatMap { pose in
                    figure.pieceSet.piece(pose.piece).map { pose.cells(of: $0.shape) } ?? []
                } + figure.preplaced.flatMap(\.cells))
                let open = solution.pieces.filter { !$0.cells.contains(where: taken.contains) }
                suggestion = (preferred.lazy.compactMap { letter in open.first { $0.placement.piece == letter } }.first
                    ?? open.first)?.placement
            }
            return HintResult(fixed: fixed, completions: count, reachedLimit: count >= limit, suggestion: suggestion)
        } catch is SearchCancelled {
            return nil
        } catch {
            return HintResult(fixed: fixed, completions: 0, reachedLimit: false, suggestion: nil,
                              problem: String(describing: error))
        }
    }
}
