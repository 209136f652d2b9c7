import Polycube

extension Solver {
    /// Measures the search's effort on the figure (`SearchEffort`): three plain searches on one
    /// thread, to the first solution, over all of them, and from each placement of the first
    /// cell to its first completion. Meant for figures the size of Soma's (milliseconds);
    /// `control` can stop it on a large one.
    public func effort(control: SearchControl = SearchControl()) throws(SearchCancelled) -> SearchEffort {
        if impossibility != nil {
            return SearchEffort(nodesToFirst: 0, nodes: 0, firstPlacements: 0, liveFirstPlacements: 0)
        }
        if problem.cells.count > 64 { return try effort(control: control, mask: CellMask.self) }
        if problem.isNarrowBoard && problem.smallestPiece >= 2 {
            return try effort(control: control, mask: NarrowBoardMask.self)
        }
        return problem.isBoardSearch
            ? try effort(control: control, mask: BoardMask.self)
            : try effort(control: control, mask: CellMask64.self)
    }

    private func effort<Mask: SearchMask>(control: SearchControl, mask: Mask.Type) throws(SearchCancelled) -> SearchEffort {
        let engine = SearchEngine<Mask>(problem)
        engine.isCancelled = control.isCancelled
        engine.visitor = nil
        func nodes(limit: Int, prefix: [Int]) throws(SearchCancelled) -> (nodes: Int, leaves: Int) {
            let before = engine.nodesExpanded
            engine.leafLimit = limit
            let leaves = engine.run(prefix: prefix)
            if engine.stopped && leaves < limit { throw SearchCancelled() }
            return (Int(engine.nodesExpanded &- before), leaves)
        }
        let toFirst = try nodes(limit: 1, prefix: []).nodes
        let all = try nodes(limit: .max, prefix: []).nodes
        // The first cell the search fills: the lowest one not filled by pre-placed pieces.
        let first = problem.initialFilled.firstAbsent
        var choices = 0, live = 0
        for o in 0..<problem.optionCount where problem.masks[o].contains(first)
            && problem.masks[o].isDisjoint(with: problem.initialFilled) {
            choices += 1
            if try nodes(limit: 1, prefix: [o]).leaves > 0 { live += 1 }
        }
        return SearchEffort(nodesToFirst: toFirst, nodes: all, firstPlacements: choices, liveFirstPlacements: live)
    }
}
