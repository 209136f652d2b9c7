import Polycube
@testable import Game

extension SomaFitPlanner {
    /// The keys, piece by piece, that build `solution` with the plan cursor (issue 24): `p`
    /// once to show it, then for each piece its number, the arrows and PgUp/PgDn that bring
    /// the cursor to one of the piece's target cells, and Enter until the piece lies there
    /// (each Enter the next fit covering the cell). The cursor's target cell is the one of the
    /// piece's cells needing fewest keys. Test support, like `keys(solving:with:)`.
    static func cursorKeys(solving start: SomaSession, with solution: [Placement]) -> [(piece: Int, steps: [GameKey])]? {
        guard let targets = targets(start, solution) else { return nil }
        var shown = start
        shown.handle(.character("p"), now: 0)
        guard shown.planCursor != nil, var plan = cheapestFirst(shown, { (session: SomaSession, i: Int) -> [([GameKey], SomaSession)] in
            guard i < 9 else { return [] }
            let select = GameKey.character(Character(String(i + 1)))
            var selected = session
            selected.handle(select, now: 0)
            guard selected.game.selection == i, let from = selected.planCursor else { return [] }
            return targets[i]!.compactMap { cell in
                var s = selected
                let d = cell - from
                // The plan reads with the back row on top: Up is +y, Right is +x.
                let moves = Array(repeating: GameKey.right, count: max(0, d.x)) + Array(repeating: .left, count: max(0, -d.x))
                    + Array(repeating: .up, count: max(0, d.y)) + Array(repeating: .down, count: max(0, -d.y))
                    + Array(repeating: .pageUp, count: max(0, d.z)) + Array(repeating: .pageDown, count: max(0, -d.z))
                for key in moves { s.handle(key, now: 0) }
                guard s.planCursor == cell else { return nil }
                var keys = [select] + moves
                for _ in 0..<24 where s.game.cells(ofPiece: i).sorted() != targets[i]! {
                    s.handle(.enter, now: 0)
                    keys.append(.enter)
                }
                return s.game.cells(ofPiece: i).sorted() == targets[i]! ? (keys, s) : nil
            }
        }) else { return nil }
        plan[0].steps.insert(GameKey.character("p"), at: 0)
        return plan
    }
}
