import Polycube
import Scene
@testable import Game

/// Plans the mouse gestures a player would make to build a solution with the mouse alone: turn
/// each piece where it lies with flicks (tumbles) and clicks on the selected piece (turns about
/// the line of sight), then carry it over the floor and let go, so it drops into its cells. The
/// plan is made on a mirror of the session the binary shows (same figure, layout and screen
/// size), whose picture says where each piece is drawn (the canvas's hit ids, as the binary's
/// hit tester reads them), and whose rules say what each gesture does. Test support, like
/// `SomaKeyPlanner`.
struct SomaMousePlanner {
    /// One gesture, in 0-based screen cells, and the move count the status line shows after it.
    enum Gesture: Hashable, Sendable {
        /// Press on the piece at `from`, move the pointer to `to`, hold still, release.
        case carry(piece: Int, from: ScreenCell, to: ScreenCell)
        /// Press on the piece at `at`, move 3-4 cells `direction` and let go at once.
        case flick(piece: Int, at: ScreenCell, ScreenDirection)
        /// Press and release on the piece at `at`: selects it, or turns the selected piece.
        case tap(piece: Int, at: ScreenCell)
    }

    struct ScreenCell: Hashable, Sendable {
        var column: Int, row: Int
    }

    struct Step: Hashable, Sendable {
        let gesture: Gesture
        let movesAfter: Int
        let selectionAfter: Int?
    }

    private(set) var session: SomaSession
    let width: Int, height: Int

    init(session: SomaSession, width: Int, height: Int) {
        var s = session
        s.resize(width: width, height: height)
        self.session = s
        self.width = width
        self.height = height
    }

    /// The steps that build `solution` (placements matched to pieces by letter), or nil when some
    /// piece cannot be brought into place this way.
    mutating func plan(_ solution: [Placement]) -> [Step]? {
        var targets: [Int: Set<Cell>] = [:]
        var unused = solution
        for (i, piece) in session.game.pieces.enumerated() {
            guard let k = unused.firstIndex(where: { $0.piece == piece.letter }) else { return nil }
            targets[i] = Set(unused.remove(at: k).cells(of: piece.shape))
        }
        var open = session.game.pieces.indices.sorted {
            (targets[$0]!.map(\.z).min()!, $0) < (targets[$1]!.map(\.z).min()!, $1)
        }
        var steps: [Step] = []
        while !open.isEmpty {
            var placed = false
            for i in open {
                var trial = self
                guard let more = trial.place(i, covering: targets[i]!) else { continue }
                self = trial
                steps += more
                open.removeAll { $0 == i }
                placed = true
                break
            }
            if !placed { return nil }
        }
        return steps
    }

    /// Turns piece `i` where it lies until it has the target's shape, then carries it there.
    private mutating func place(_ i: Int, covering target: Set<Cell>) -> [Step]? {
        var steps: [Step] = []
        guard let turns = turnsToShape(of: i, Shape(target)) else { return nil }
        for turn in turns {
            guard let at = grip(on: i) else { return nil }
            if let direction = turn {
                guard fits(flick: at, direction) else { return nil }
                steps.append(apply(.flick(piece: i, at: at, direction)))
            } else {
                if session.game.selection != i { steps.append(apply(.tap(piece: i, at: at))) }
                steps.append(apply(.tap(piece: i, at: at)))
            }
        }
        if Set(session.game.cells(ofPiece: i)) == target { return steps }
        let cells = session.game.cells(ofPiece: i)
        let shift = Bounds(Array(target)).lo - Bounds(cells).lo
        guard let carry = carry(i, by: shift) else { return nil }
        steps.append(apply(carry))
        return Set(session.game.cells(ofPiece: i)) == target ? steps : nil
    }

    /// The shortest sequence of flicks (a direction) and spins (nil) that gives piece `i` the
    /// shape `shape`, each turn legal where the piece lies; nil when there is none within 5.
    private func turnsToShape(of i: Int, _ shape: Shape) -> [ScreenDirection?]? {
        let game = session.game
        let start = game.poses[i]
        if Shape(start.cells(of: game.pieces[i].shape)) == shape { return [] }
        var turns: [(ScreenDirection?, SomaCommand)] = ScreenDirection.allCases.map { d in
            let (axis, n) = session.viewpoint.tumble(for: d)
            return (d, .turn(axis, by: n))
        }
        let (axis, n) = session.viewpoint.spin
        turns.append((nil, .turn(axis, by: n)))
        var came: [Placement: (Placement, ScreenDirection?)] = [start: (start, nil)]
        var frontier = [start]
        for _ in 0..<5 {
            var next: [Placement] = []
            for pose in frontier {
                for (turn, command) in turns {
                    guard let p = game.pose(pose, piece: i, after: command), came[p] == nil else { continue }
                    came[p] = (pose, turn)
                    if Shape(p.cells(of: game.pieces[i].shape)) == shape {
                        var path: [ScreenDirection?] = []
                        var at = p
                        while at != start, let (previous, turn) = came[at] {
                            path.append(turn)
                            at = previous
                        }
                        return path.reversed()
                    }
                    next.append(p)
                }
            }
            frontier = next
        }
        return nil
    }

    /// A carry that shifts piece `i` by `shift` over the floor (its height is the drop's business):
    /// a pointer travel in whole cells whose floor distance rounds to exactly that shift, from a
    /// cell of the piece from which the whole travel stays on the screen.
    private func carry(_ i: Int, by shift: Cell) -> Gesture? {
        let x = session.viewpoint.screenVector(of: Cell(1, 0, 0)), y = session.viewpoint.screenVector(of: Cell(0, 1, 0))
        let ideal = (columns: Double(shift.x) * x.columns + Double(shift.y) * y.columns,
                     rows: Double(shift.x) * x.rows + Double(shift.y) * y.rows)
        var best: (columns: Int, rows: Int, miss: Double)?
        for dc in -3...3 {
            for dr in -2...2 {
                let c = Int(ideal.columns.rounded()) + dc, r = Int(ideal.rows.rounded()) + dr
                guard let d = session.viewpoint.floorDelta(forScreen: Double(c), Double(r)),
                      Int(d.x.rounded()) == shift.x, Int(d.y.rounded()) == shift.y else { continue }
                // Prefer travels well inside the rounding (half a cell either way).
                let margin = max(abs(d.x - Double(shift.x)), abs(d.y - Double(shift.y)))
                if best == nil || margin < best!.miss { best = (c, r, margin) }
            }
        }
        guard let travel = best else { return nil }
        for from in cells(of: i) {
            let to = ScreenCell(column: from.column + travel.columns, row: from.row + travel.rows)
            if onScreen(to) { return .carry(piece: i, from: from, to: to) }
        }
        return nil
    }

    /// Applies a gesture to the mirror, as the binary's director reports it.
    @discardableResult
    mutating func apply(_ gesture: Gesture) -> Step {
        switch gesture {
        case let .carry(piece, from, to):
            session.apply(SomaPointer.beginDrag(piece: piece), now: 0)
            session.apply(SomaPointer.drag(columns: Double(to.column - from.column), rows: Double(to.row - from.row)), now: 0)
            session.apply(SomaPointer.endDrag, now: 0)
        case let .flick(piece, _, direction):
            session.apply(SomaPointer.beginDrag(piece: piece), now: 0)
            let (c, r) = Self.flickTravel(direction)
            session.apply(SomaPointer.drag(columns: Double(c), rows: Double(r)), now: 0)
            session.apply(SomaPointer.flick(piece: piece, direction), now: 0)
        case let .tap(piece, at):
            // As the binary reports it: the cell's centre, so a turn pivots about the cube there.
            session.apply(SomaPointer.tap(piece: piece, column: at.column, row: at.row), now: 0)
        }
        return Step(gesture: gesture, movesAfter: session.game.moves, selectionAfter: session.game.selection)
    }

    /// How far a flick goes: 4 columns sideways, 3 rows (6 iso units) up or down.
    static func flickTravel(_ direction: ScreenDirection) -> (columns: Int, rows: Int) {
        switch direction {
        case .left: (-4, 0)
        case .right: (4, 0)
        case .up: (0, -3)
        case .down: (0, 3)
        }
    }

    private func fits(flick at: ScreenCell, _ direction: ScreenDirection) -> Bool {
        let (c, r) = Self.flickTravel(direction)
        return onScreen(ScreenCell(column: at.column + c, row: at.row + r))
    }

    private func onScreen(_ cell: ScreenCell) -> Bool {
        cell.column >= 0 && cell.column < width && cell.row >= 1 && cell.row < height - 1
    }

    /// The screen cells showing piece `i` in the mirror's picture, the best grips first: those
    /// with the most neighbours of the same piece (a press there lands on it even if the
    /// picture were a cell off), then the nearest to the piece's middle.
    func cells(of i: Int) -> [ScreenCell] {
        let canvas = session.view(width: width, height: height, now: 0, style: Self.style, lit: nil)
        func isPiece(_ c: Int, _ r: Int) -> Bool {
            guard c >= 0, c < width, r >= 1, r < height - 1, case let .piece(p, _, _) = canvas[c, r].id else { return false }
            return p == i
        }
        var found: [ScreenCell] = []
        for r in 1..<(height - 1) {
            for c in 0..<width where isPiece(c, r) { found.append(ScreenCell(column: c, row: r)) }
        }
        guard !found.isEmpty else { return [] }
        let mid = (Double(found.map(\.column).reduce(0, +)) / Double(found.count),
                   Double(found.map(\.row).reduce(0, +)) / Double(found.count))
        func score(_ s: ScreenCell) -> (Int, Double) {
            let neighbours = [(-1, 0), (1, 0), (0, -1), (0, 1), (-2, 0), (2, 0)].filter { isPiece(s.column + $0.0, s.row + $0.1) }.count
            let d = (Double(s.column) - mid.0) * (Double(s.column) - mid.0) + 4 * (Double(s.row) - mid.1) * (Double(s.row) - mid.1)
            return (-neighbours, d)
        }
        return found.sorted { score($0) < score($1) }
    }

    func grip(on i: Int) -> ScreenCell? { cells(of: i).first }

    /// The style the binary draws with in tmux and xterm (256 colours, a UTF-8 locale, the
    /// settings' default cells): the mirror's hit ids and text are then the binary's.
    static var style: RenderStyle {
        var style = RenderStyle.blocks256
        style.cells = Settings().cells
        return style
    }

    /// The mirror's picture and legend: the rows between the status line and the bottom line,
    /// as `tmux capture-pane` shows them.
    var pictureRows: [String] {
        let text = session.view(width: width, height: height, now: 0, style: Self.style, lit: nil).text
        return Array(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[1..<(height - 1)])
    }
}
