import Polycube
import Solver

extension HintRequest {
    /// Runs the solver for this request: finds the completions (up to the limit) and picks one
    /// placement of a piece still to place from them. This can take a while on large figures:
    /// the terminal loop calls it off the input path, and may cancel it through `control` when
    /// the position has moved on. Returns nil when cancelled.
    public func run(control: SearchControl = SearchControl()) -> HintResult? {
        do {
            let solver = try Solver(figure)
            // Nothing placed yet: the count is `soma solve`'s (distinct, one per symmetry class:
            // 240 for the cube), not the raw ways that count each turn of the figure apart; on a
            // large figure (a pentomino board) that search costs too much for a hint, and the
            // raw count says what it counts (`HintResult.remaining`).
            let whole = fixed.isEmpty && figure.cells.count <= Self.distinctCountCells
                ? try solver.count(limit: limit, control: control) : nil
            func result(_ count: Int, _ suggestion: Placement?) -> HintResult {
                if let whole {
                    return HintResult(fixed: fixed, completions: whole.distinct, reachedLimit: whole.distinct >= limit,
                                      suggestion: suggestion, distinct: true)
                }
                return HintResult(fixed: fixed, completions: count, reachedLimit: count >= limit, suggestion: suggestion)
            }
            guard scene != nil else {
                // Any placement will do: the count, then the first completion (listing them
                // all would cost twice the time: 5.4 ms against 2.6 on the cube, release build).
                let count = try solver.countCompletions(of: fixed, limit: limit, control: control)
                let first = count > 0 ? try solver.hint(for: fixed, control: control) : nil
                return result(count, suggestion(among: first.map { [$0] } ?? []))
            }
            // One search both counts and lists the completions: the choice of a hint looks
            // through them all for a piece the player can put in now.
            let completions = try solver.completions(of: fixed, limit: limit, control: control)
            let count = completions.count
            return result(count, suggestion(among: completions))
        } catch is SearchCancelled {
            return nil
        } catch {
            return HintResult(fixed: fixed, completions: 0, reachedLimit: false, suggestion: nil,
                              problem: String(describing: error))
        }
    }

    /// Most slide searches one hint may run: each is a search of its own around the figure, and
    /// a hint must come at once even when few places are open (about a millisecond each on the
    /// cube).
    static let slideSearchLimit = 64

    /// Figures of more cells than this get the raw count from an empty position, not the
    /// distinct one (as `FitOptions.solvableCheckCells`, and for the same reason: time).
    static let distinctCountCells = 40

    /// The placement to suggest, from the completions in the order found. Without a scene: the
    /// preferred piece's (the selected one's) place in the first completion, else the first
    /// piece still to place there. With one, the first of these a player can put in now: the
    /// preferred piece dropped in from above in any completion; any piece (in preferred order,
    /// completion by completion) dropped in; then the same slid in from a side. Only when none can
    /// be put in now the first completion's choice, and the status line says the way in.
    func suggestion(among completions: [Solution]) -> Placement? {
        // The pieces placed and the figure's pre-placed ones (a puzzle's fixed tiles, which the
        // solution holds too) are no suggestion.
        let taken = Set(fixed.flatMap { pose in
            figure.pieceSet.piece(pose.piece).map { pose.cells(of: $0.shape) } ?? []
        } + figure.preplaced.flatMap(\.cells))
        let open = completions.lazy.map { $0.pieces.filter { !$0.cells.contains(where: taken.contains) } }
        let fallback = open.first.flatMap { pieces in
            preferred.lazy.compactMap { letter in pieces.first { $0.placement.piece == letter } }.first ?? pieces.first
        }?.placement
        guard let scene else { return fallback }
        // Many completions share placements: each is judged once.
        var dropped: [Placement: Bool] = [:], slid: [Placement: Bool] = [:]
        func canPut(_ piece: PlacedPiece, slide: Bool) -> Bool {
            if let known = (slide ? slid : dropped)[piece.placement] { return known }
            guard !slide || slid.count < Self.slideSearchLimit else { return false }
            let answer = scene.canPut(piece.placement.piece, on: piece.cells, slide: slide)
            if slide { slid[piece.placement] = answer } else { dropped[piece.placement] = answer }
            return answer
        }
        for slide in [false, true] {
            if let wanted = preferred.first,
               let hit = open.lazy.compactMap({ $0.first { $0.placement.piece == wanted && canPut($0, slide: slide) } }).first {
                return hit.placement
            }
            for pieces in open {
                for letter in preferred {
                    if let hit = pieces.first(where: { $0.placement.piece == letter }), canPut(hit, slide: slide) {
                        return hit.placement
                    }
                }
            }
        }
        return fallback
    }
}
