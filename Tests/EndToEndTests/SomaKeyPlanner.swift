import Polycube
import Solver
@testable import Game

/// Plans the keys a player would press to build a solution: for each piece, select it (its
/// number), then turn and move it with the screen-relative keys (arrows, PgUp/PgDn, w a s d e E)
/// until it covers its cells of the solution. The keys mean what they mean to the session (the
/// same camera, the same refusals), so replaying the plan through `SomaSession.handle` (or a
/// terminal) solves the figure. The end-to-end tests drive the real game with it; it is test
/// support, not part of the product (the binary has no way to print a plan).
enum SomaKeyPlanner {
    /// One step of a plan: a key, whether it turns or moves the piece, and whether the game
    /// counts a move there (the first turn or step of a piece after it is selected: a move is
    /// one handling of a piece).
    struct Step: Hashable, Sendable {
        let key: GameKey
        let isMove: Bool
        var startsMove = false
    }

    /// The keys that turn and move (each one move when accepted).
    static let movingKeys: [GameKey] = [.up, .down, .left, .right, .pageUp, .pageDown,
                                        .character("w"), .character("s"), .character("a"),
                                        .character("d"), .character("e"), .character("E")]

    /// The solver's first solution of the session's figure, as placements (nil when none).
    static func firstSolution(of figure: Figure) -> [Placement]? {
        guard let solver = try? Solver(figure), let solution = try? solver.firstSolution() else { return nil }
        return solution.pieces.map(\.placement)
    }

    /// The plan that solves the cube from the start layout `soma play cube` shows in a terminal of
    /// `width` x `height` (the camera fits the window, and the arrows move as seen), from the
    /// solver's first solution; nil when there is none.
    static func cubePlan(width: Int = 80, height: Int = 24) throws -> [Step]? {
        let cube = try Catalog.figure(named: "cube")
        var session = SomaSession(game: SomaGame(figure: cube))
        session.resize(width: width, height: height)
        return firstSolution(of: cube).flatMap { steps(solving: session, with: $0) }
    }

    /// The steps that build `solution` (one placement per movable piece, matched by letter) from
    /// the session's current position, or nil when some piece cannot be brought into place.
    static func steps(solving session: SomaSession, with solution: [Placement]) -> [Step]? {
        var session = session
        let game = session.game
        // Which piece goes where: placements matched to pieces by letter, in order.
        var targets: [Int: Set<Cell>] = [:]
        var unused = solution
        for (i, piece) in game.pieces.enumerated() {
            guard let k = unused.firstIndex(where: { $0.piece == piece.letter }) else { return nil }
            targets[i] = Set(unused.remove(at: k).cells(of: piece.shape))
        }
        // Lowest pieces first; a piece that cannot get through yet waits for the next round.
        var open = game.pieces.indices.sorted {
            (targets[$0]!.map(\.z).min()!, $0) < (targets[$1]!.map(\.z).min()!, $1)
        }
        var steps: [Step] = []
        while !open.isEmpty {
            var progressed = false
            for i in open {
                guard i < 9, let keys = keys(toPlace: i, covering: targets[i]!, in: session) else { continue }
                let select = GameKey.character(Character(String(i + 1)))
                session.handle(select, now: 0)
                steps.append(Step(key: select, isMove: false))
                for (n, key) in keys.enumerated() {
                    session.handle(key, now: 0)
                    steps.append(Step(key: key, isMove: true, startsMove: n == 0))
                }
                open.removeAll { $0 == i }
                progressed = true
                break
            }
            if !progressed { return nil }
        }
        return steps
    }

    /// The shortest-ish key sequence (best-first search over the piece's poses, the other pieces
    /// standing still) that takes piece `i` to cover exactly `target`; nil when none is found
    /// within a box around everything or within `limit` explored poses.
    static func keys(toPlace i: Int, covering target: Set<Cell>, in session: SomaSession,
                     limit: Int = 200_000) -> [GameKey]? {
        let game = session.game
        let shape = game.pieces[i].shape
        let start = game.poses[i]
        if Set(start.cells(of: shape)) == target { return [] }
        let commands = movingKeys.compactMap { key in session.command(for: key).map { (key, $0) } }
        let everything = game.cells + Array(target) + game.figure.cells
        let b = Bounds(everything)
        func inside(_ cells: [Cell]) -> Bool {
            cells.allSatisfy { c in
                c.x >= b.lo.x - 3 && c.x <= b.hi.x + 3 && c.y >= b.lo.y - 3 && c.y <= b.hi.y + 3
                    && c.z <= b.hi.z + 4
            }
        }
        let targetLow = Bounds(Array(target)).lo
        func estimate(_ cells: [Cell]) -> Int {
            let lo = Bounds(cells).lo
            return abs(lo.x - targetLow.x) + abs(lo.y - targetLow.y) + abs(lo.z - targetLow.z)
        }
        var came: [Placement: (Placement, GameKey)] = [:]
        var cost: [Placement: Int] = [start: 0]
        var queue = PriorityQueue<Placement>()
        queue.push(start, priority: estimate(start.cells(of: shape)))
        var explored = 0
        while let pose = queue.pop(), explored < limit {
            explored += 1
            let g = cost[pose]!
            for (key, command) in commands {
                guard let next = game.pose(pose, piece: i, after: command), cost[next] == nil else { continue }
                let cells = next.cells(of: shape)
                guard inside(cells) else { continue }
                cost[next] = g + 1
                came[next] = (pose, key)
                if Set(cells) == target {
                    var keys: [GameKey] = []
                    var at = next
                    while let (previous, key) = came[at] {
                        keys.append(key)
                        at = previous
                    }
                    return keys.reversed()
                }
                queue.push(next, priority: g + 1 + 2 * estimate(cells))
            }
        }
        return nil
    }

    /// The key as `tmux send-keys` names it.
    static func tmuxName(_ key: GameKey) -> String {
        switch key {
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "PPage"
        case .pageDown: "NPage"
        case .character(let c): String(c)
        default: "\(key)"
        }
    }
}

/// A binary min-heap of values by integer priority (first in, first out among equals is not
/// promised).
struct PriorityQueue<Value> {
    private var heap: [(priority: Int, order: Int, value: Value)] = []
    private var counter = 0

    mutating func push(_ value: Value, priority: Int) {
        heap.append((priority, counter, value))
        counter += 1
        var k = heap.count - 1
        while k > 0 {
            let parent = (k - 1) / 2
            guard less(k, parent) else { break }
            heap.swapAt(k, parent)
            k = parent
        }
    }

    mutating func pop() -> Value? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let top = heap.removeLast()
        var k = 0
        while true {
            let l = 2 * k + 1, r = l + 1
            var m = k
            if l < heap.count, less(l, m) { m = l }
            if r < heap.count, less(r, m) { m = r }
            if m == k { break }
            heap.swapAt(k, m)
            k = m
        }
        return top.value
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        (heap[a].priority, heap[a].order) < (heap[b].priority, heap[b].order)
    }
}
