import Polycube
import Scene
@testable import Game

/// Plans how a player with the assist on (`Assist`) builds a solution: by keys (select a piece
/// by its number, steer its ghost from fit to fit with the arrows, PgUp/PgDn, the turn keys and
/// `c`, put it there with Space) and by mouse (click the piece's legend entry, then click a cell
/// of the plan until the piece lies where the solution has it). Each piece's shortest way is
/// found by a breadth-first search over copies of the session (the game's own rules), and the
/// pieces go in the cheapest order first. Test support, like `SomaKeyPlanner`.
enum SomaFitPlanner {
    /// Keys the ghost steering uses, in the order the search tries them.
    static let steeringKeys: [GameKey] = SomaKeyPlanner.movingKeys + [.character("c"), .character("C")]

    /// The placements of `solution` as each piece's target cells (sorted), matched by letter.
    static func targets(_ session: SomaSession, _ solution: [Placement]) -> [Int: [Cell]]? {
        var targets: [Int: [Cell]] = [:]
        var unused = solution
        for (i, piece) in session.game.pieces.enumerated() {
            guard let k = unused.firstIndex(where: { $0.piece == piece.letter }) else { return nil }
            targets[i] = unused.remove(at: k).cells(of: piece.shape).sorted()
        }
        return targets
    }

    /// The keys, piece by piece (the piece index and its keys, the last one Space), that build
    /// `solution` from the session's position; nil when some piece cannot be brought there.
    static func keys(solving start: SomaSession, with solution: [Placement]) -> [(piece: Int, steps: [GameKey])]? {
        guard let targets = targets(start, solution) else { return nil }
        return cheapestFirst(start) { session, i in
            guard i < 9 else { return [] }
            var s = session
            let select = GameKey.character(Character(String(i + 1)))
            s.handle(select, now: 0)
            guard s.game.selection == i, let path = steer(s, to: targets[i]!) else { return [] }
            for key in path { s.handle(key, now: 0) }
            s.handle(.character(" "), now: 0)
            guard s.game.cells(ofPiece: i).sorted() == targets[i]! else { return [] }
            return [([select] + path + [.character(" ")], s)]
        }
    }

    /// Places the pieces one at a time, each time the one whose cheapest way (`ways` lists a
    /// piece's ways from a position, each with the position after it) costs fewest steps; nil
    /// when some piece has no way.
    static func cheapestFirst<Step>(_ start: SomaSession, _ ways: (SomaSession, Int) -> [([Step], SomaSession)])
        -> [(piece: Int, steps: [Step])]? {
        var session = start
        var open = Array(session.game.pieces.indices)
        var plan: [(piece: Int, steps: [Step])] = []
        while !open.isEmpty {
            var best: (piece: Int, steps: [Step], after: SomaSession)?
            for i in open {
                for (steps, after) in ways(session, i) where best == nil || steps.count < best!.steps.count {
                    best = (i, steps, after)
                }
            }
            guard let chosen = best else { return nil }
            session = chosen.after
            plan.append((chosen.piece, chosen.steps))
            open.removeAll { $0 == chosen.piece }
        }
        return plan
    }

    /// The fewest steering keys that bring the selected piece's ghost onto `target`.
    static func steer(_ start: SomaSession, to target: [Cell], depth: Int = 8) -> [GameKey]? {
        func ghostCells(_ s: SomaSession) -> [Cell]? {
            guard let i = s.game.selection, let ghost = s.game.ghost else { return nil }
            return ghost.cells(of: s.game.pieces[i].shape).sorted()
        }
        struct State: Hashable { let cells: [Cell]?; let cycle: FitCycle? }
        if ghostCells(start) == target { return [] }
        var frontier: [(SomaSession, [GameKey])] = [(start, [])]
        var seen: Set<State> = [State(cells: ghostCells(start), cycle: start.game.fitCycle)]
        for _ in 0..<depth {
            var next: [(SomaSession, [GameKey])] = []
            for (s, path) in frontier {
                for key in steeringKeys {
                    var t = s
                    t.handle(key, now: 0)
                    let state = State(cells: ghostCells(t), cycle: t.game.fitCycle)
                    guard seen.insert(state).inserted else { continue }
                    if state.cells == target { return path + [key] }
                    next.append((t, path + [key]))
                }
            }
            frontier = next
        }
        return nil
    }

    /// One click of a mouse plan, in 0-based screen cells.
    struct Click: Hashable, Sendable {
        let column: Int, row: Int
        /// The piece it selects (a legend click) or nil (a plan click).
        let selects: Int?
    }

    /// The clicks, piece by piece, that build `solution` in a `width` x `height` terminal: the
    /// piece's legend entry, then plan cells until the piece lies in its cells.
    static func clicks(solving start: SomaSession, with solution: [Placement], width: Int, height: Int)
        -> [(piece: Int, steps: [Click])]? {
        guard let targets = targets(start, solution) else { return nil }
        var resized = start
        resized.resize(width: width, height: height)
        return cheapestFirst(resized) { session, i in
            guard let legend = where_(session, id: .control(i), width: width, height: height) else { return [] }
            var selected = session
            selected.apply(SomaPointer.tap(piece: i), now: 0)
            guard selected.game.selection == i else { return [] }
            return targets[i]!.compactMap { cell in
                var s = selected
                var clicks = [Click(column: legend.column, row: legend.row, selects: i)]
                for _ in 0..<12 {
                    guard let tag = SomaPlan.tag(of: cell, in: s.game),
                          let at = where_(s, id: .control(tag), width: width, height: height) else { break }
                    s.apply(SomaPointer.tap(piece: tag), now: 0)
                    clicks.append(Click(column: at.column, row: at.row, selects: nil))
                    if s.game.cells(ofPiece: i).sorted() == targets[i]! { break }
                }
                return s.game.cells(ofPiece: i).sorted() == targets[i]! ? (clicks, s) : nil
            }
        }
    }

    /// Where the session's screen shows hit id `id` (the first such cell, row by row).
    static func where_(_ s: SomaSession, id: HitID, width: Int, height: Int) -> (column: Int, row: Int)? {
        let canvas = s.view(width: width, height: height, now: 0, style: SomaMousePlanner.style, lit: nil)
        for row in 0..<height {
            for column in 0..<width where canvas[column, row].id == id { return (column, row) }
        }
        return nil
    }
}
