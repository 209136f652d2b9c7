import Polycube

/// Plain mode's bottom line: where the piece in hand is, in the plan's own numbers, and how
/// many pieces are placed, as one line a screen reader or a braille display reads whole:
/// `V at layer 1, rows 2-3, columns 1-2, in place; 5 of 7 placed`. With the assist on, where
/// its ghost is (the fit Space puts it on) is in the same sentence:
/// `V at layer 1, 2 rows in front of the figure, columns 1-2, ghost at layer 2, rows 1-2, columns 2-3; 5 of 7 placed`.
struct PlainStatus {
    let line: String

    init(game: SomaGame, plan: SomaPlan) {
        let placed = "\(game.piecesInPlace) of \(game.pieces.count) placed"
        guard let i = game.selection else {
            line = "no piece in hand; " + placed
            return
        }
        line = "\(game.pieces[i].letter) at " + Self.place(of: i, game: game, plan: plan) + Self.ghost(of: i, game: game, plan: plan)
            + "; " + placed
    }

    /// Where the assist's ghost of piece `i` is, as a clause of the piece's sentence: `, ghost at
    /// layer 2, rows 1-2, columns 2-3` (`, a dead end` when the fit leaves no way to finish), `,
    /// on its ghost` when the piece lies there; empty without a ghost.
    static func ghost(of i: Int, game: SomaGame, plan: SomaPlan) -> String {
        guard game.assist != .off, let ghost = game.ghost else { return "" }
        let cells = ghost.cells(of: game.pieces[i].shape)
        if Set(cells) == Set(game.cells(ofPiece: i)) { return ", on its ghost" }
        let deadEnd = game.fitChoice.flatMap { k in game.fits.map { $0.fits[k].deadEnd } } == true
        return ", ghost at " + place(ofCells: cells, game: game, plan: plan, state: nil) + (deadEnd ? ", a dead end" : "")
    }

    /// Where piece `i` is, in the plan's numbers: `layer 1, rows 2-3, columns 1-2, in place`, or
    /// off the figure `layer 1, 2 rows behind the figure, columns 2-3`. The 3-D screen's bottom
    /// line says it too, so that a piece behind the figure is never taken for one in it.
    static func place(of i: Int, game: SomaGame, plan: SomaPlan) -> String {
        place(ofCells: game.cells(ofPiece: i), game: game, plan: plan, state: game.isInPlace(i))
    }

    /// Where `cells` are, in the plan's numbers; `state` (in place or not) adds how they lie in
    /// the figure, nil leaves it out (a ghost always lies in it).
    static func place(ofCells cells: [Cell], game: SomaGame, plan: SomaPlan, state inPlace: Bool?,
                      compact: Bool = false) -> String {
        let positions = cells.map(plan.position(of:))
        let extent = plan.position(of: Cell(plan.xs.upperBound, plan.ys.lowerBound, plan.zs.upperBound))
        // The numbers while they are on the figure, 1-based and said one way (`rows 1-2`); off
        // it, which side and how far, so that no reader has to make sense of `rows -3--2`.
        // `compact` (the 3-D screen's bottom line when it is short): off the figure, the side
        // alone (`behind`); partly on it, the rows on it and the side (`rows 1-2 and behind`).
        func span(_ one: String, _ many: String, _ values: [Int], count: Int, before: (String, String),
                  after: (String, String)) -> String {
            let lo = values.min() ?? 0, hi = values.max() ?? 0
            func range(_ a: Int, _ b: Int) -> String { a == b ? "\(one) \(a)" : "\(many) \(a)-\(b)" }
            func far(_ a: Int, _ b: Int, _ side: (String, String)) -> String {
                compact ? side.1 : "\(a == b ? "\(a)" : "\(a)-\(b)") \(b == 1 ? one : many) \(side.0)"
            }
            if lo >= 1 && hi <= count { return range(lo, hi) }
            if hi < 1 { return far(1 - hi, 1 - lo, before) }
            if lo > count { return far(lo - count, hi - count, after) }
            let inside = range(max(lo, 1), min(hi, count))
            return lo < 1 ? inside + " and " + far(1, 1 - lo, before) : inside + " and " + far(1, hi - count, after)
        }
        let inside = cells.filter(game.target.contains).count
        let off = positions.contains { $0.layer > extent.layer || $0.row < 1 || $0.row > extent.row || $0.column < 1
                                       || $0.column > extent.column }
        // Off to one side, the side says it; in a gap of the figure, the words do.
        let state = inPlace == nil ? "" : inPlace == true ? ", in place" : inside == 0 ? (off ? "" : ", outside the figure")
            : ", partly outside the figure"
        return span("layer", "layers", positions.map(\.layer), count: extent.layer, before: ("below the figure", "below"),
                    after: ("above the figure", "above")) + ", "
            + span("row", "rows", positions.map(\.row), count: extent.row, before: ("behind the figure", "behind"),
                   after: ("in front of the figure", "in front")) + ", "
            + span("column", "columns", positions.map(\.column), count: extent.column,
                   before: ("left of the figure", "left"), after: ("right of the figure", "right"))
            + (compact ? "" : state)
    }
}
