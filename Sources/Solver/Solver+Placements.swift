import Polycube

extension Solver {
    /// Every placement of piece `letter` that lies wholly in the figure (the solver's options
    /// for it, off pre-placed cubes and in the poses its set allows), in option order: what the
    /// game filters by occupancy to know where a piece in hand can go (`Fits`). Empty for a
    /// letter the set does not have.
    public func placements(of letter: Character) -> [Placement] {
        guard let p = problem.pieces.firstIndex(where: { $0.letter == letter }) else { return [] }
        return problem.options(of: p).map(problem.placement(of:))
    }

    /// True when the placed pieces (valid, pre-placed ones not among them) leave a way to
    /// finish the figure: a search for one completion.
    public func isSolvable(_ placements: [Placement]) -> Bool {
        ((try? countCompletions(of: placements, limit: 1)) ?? 0) > 0
    }
}
