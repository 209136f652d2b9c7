/// Plain mode's bottom line: where the piece in hand is, in the plan's own numbers, and how
/// many pieces are placed, as one line a screen reader or a braille display reads whole:
/// `V at layer 1, rows 2-3, columns 1-2, in place; 5 of 7 placed`.
struct PlainStatus {
    let line: String

    init(game: SomaGame, plan: SomaPlan) {
        let placed = "\(game.piecesInPlace) of \(game.pieces.count) placed"
        guard let i = game.selection else {
            line = "no piece in hand; " + placed
            return
        }
        let cells = game.cells(ofPiece: i)
        let positions = cells.map(plan.position(of:))
        func span(_ one: String, _ many: String, _ values: [Int]) -> String {
            let lo = values.min() ?? 0, hi = values.max() ?? 0
            return lo == hi ? "\(one) \(lo)" : "\(many) \(lo)-\(hi)"
        }
        let inside = cells.filter(game.target.contains).count
        let state = game.isInPlace(i) ? ", in place" : inside == 0 ? ", outside the figure" : ", partly outside the figure"
        line = "\(game.pieces[i].letter) at " + span("layer", "layers", positions.map(\.layer)) + ", "
            + span("row", "rows", positions.map(\.row)) + ", " + span("column", "columns", positions.map(\.column))
            + state + "; " + placed
    }
}
