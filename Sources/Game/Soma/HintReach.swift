import Polycube

/// How a hint's placement can be reached by steering (issue 24): a piece steered a step at a
/// time cannot pass through others, so a placement under a roof of other pieces cannot be
/// dropped into from above. The hint then says how to get there: slid in from a side (found by
/// a search over the piece's shifts through the free cells around the figure), or, when no way
/// in is free, which pieces to take out first. With the assist on a piece is put on a fit
/// directly, so only free steering (`Assist.off`) needs the words.
struct HintReach: Hashable, Sendable {
    /// The letters of the pieces lying over the placement, in order; empty when it is open
    /// from above.
    let roof: [Character]
    /// The last step into the placement when it can be slid in under the roof (a lattice unit
    /// step); nil when the roof is empty or no way in is free.
    let entry: Cell?

    init(_ placement: Placement, shape: Shape, game: SomaGame) {
        self.init(placement.cells(of: shape), around: Self.owners(in: game).filter { $0.value != placement.piece },
                  floor: game.floor)
    }

    /// The reach of the cells `target` among the cells `owner` holds (every other piece's cells
    /// by letter, the figure's pre-placed cubes as `#`), above `floor`.
    init(_ target: [Cell], around owner: [Cell: Character], floor: Int) {
        roof = Self.roof(over: target, among: owner)
        entry = roof.isEmpty ? nil : Self.wayIn(to: target, around: owner, floor: floor)
    }

    /// The letters of the pieces in `owner` that lie over a cell of `target` (the figure's
    /// pre-placed cubes, `#`, are no roof: nothing is steered through them from above anyway),
    /// sorted.
    static func roof(over target: [Cell], among owner: [Cell: Character]) -> [Character] {
        var letters = Set<Character>()
        for (cell, letter) in owner where letter != "#" && !letters.contains(letter)
            && target.contains(where: { $0.x == cell.x && $0.y == cell.y && $0.z < cell.z }) {
            letters.insert(letter)
        }
        return letters.sorted()
    }

    /// Who holds each cell of the game now: every piece's cells under its letter (in the figure
    /// or not), the figure's pre-placed cubes as `#`. The pieces of one letter are one piece in
    /// a Soma set, so leaving a letter out leaves out the piece that moves.
    static func owners(in game: SomaGame) -> [Cell: Character] {
        var owner: [Cell: Character] = [:]
        for j in game.pieces.indices {
            for cell in game.cells(ofPiece: j) { owner[cell] = game.pieces[j].letter }
        }
        for cell in game.fixed.keys { owner[cell] = owner[cell] ?? "#" }
        return owner
    }

    /// Whether a piece of `placement`'s letter can be put on `target` now among `owner` (the
    /// whole game's cells, that piece's own included): the cells are free of other pieces and
    /// the way to them is open. The roof alone is a cheap test; the search for a way in under
    /// a roof runs only when `slide` asks for it.
    static func canPut(_ letter: Character, on target: [Cell], around owner: [Cell: Character], floor: Int,
                       slide: Bool) -> Bool {
        let others = owner.filter { $0.value != letter }
        guard !target.contains(where: { others[$0] != nil }) else { return false }
        guard !roof(over: target, among: others).isEmpty else { return true }
        return slide && wayIn(to: target, around: others, floor: floor) != nil
    }

    /// The last step of the shortest way in: a search outward from the placement over the
    /// shifts whose cells are free and above the floor, until one lies above everything (from
    /// there the piece is free to come); nil when none does within the box around it.
    static func wayIn(to target: [Cell], around owner: [Cell: Character], floor: Int) -> Cell? {
        let all = Array(owner.keys) + target
        let box = Bounds(all)
        let top = owner.keys.map(\.z).max() ?? floor
        let steps = [Cell(1, 0, 0), Cell(-1, 0, 0), Cell(0, 1, 0), Cell(0, -1, 0), Cell(0, 0, 1), Cell(0, 0, -1)]
        func free(_ shift: Cell) -> Bool {
            target.allSatisfy { c in
                let d = c + shift
                return d.z >= floor && owner[d] == nil && d.x >= box.lo.x - 2 && d.x <= box.hi.x + 2
                    && d.y >= box.lo.y - 2 && d.y <= box.hi.y + 2 && d.z <= top + 8
            }
        }
        // Outward from the placement: the first step out, reversed, is the last step in.
        var first: [Cell: Cell] = [:]
        var frontier = [Cell.origin]
        var seen: Set<Cell> = [.origin]
        while !frontier.isEmpty {
            var next: [Cell] = []
            for shift in frontier {
                for step in steps {
                    let to = shift + step
                    guard !seen.contains(to), free(to) else { continue }
                    seen.insert(to)
                    let out = first[shift] ?? step
                    // Above everything, or off the figure's box sideways: open space.
                    if target.allSatisfy({ $0.z + to.z > top }) || target.allSatisfy({ c in
                        let d = c + to
                        return d.x < box.lo.x || d.x > box.hi.x || d.y < box.lo.y || d.y > box.hi.y
                    }) {
                        return Cell(0, 0, 0) - out
                    }
                    first[to] = out
                    next.append(to)
                }
            }
            frontier = next
        }
        return nil
    }

    /// The words the hint adds: `under B, P: slide it in from the left`; nil when the place can
    /// be dropped into from above. Short, so that the way in fits an 80-column line before the
    /// hint's count of solutions.
    func words() -> String? {
        guard !roof.isEmpty else { return nil }
        let under = "under " + roof.map(String.init).joined(separator: ", ")
        guard let entry else { return "\(under): take \(roof.count == 1 ? "it" : "them") out first" }
        return "\(under): slide it in " + Self.side(entry)
    }

    /// Where a piece comes from that takes `step` last, in the plan's words.
    static func side(_ step: Cell) -> String {
        switch (step.x, step.y, step.z) {
        case (1, _, _): "from the left"
        case (-1, _, _): "from the right"
        case (_, 1, _): "from the front"
        case (_, -1, _): "from the back"
        case (_, _, 1): "from below"
        default: "from above"
        }
    }
}
