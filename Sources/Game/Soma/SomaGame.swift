import Polycube

/// A game of Soma (or any set of polycube pieces) on one figure, as a value.
///
/// The figure is shown as a ghost; the pieces start on the floor around it and the player moves
/// and turns them until they fill the figure exactly. Everything the player does goes through
/// `apply(_:now:)`, which either changes the position or refuses with a `feedback` the view
/// shows; a change that begins a move says `.moved`, and the midend keeps the poses before it for
/// undo and hands back the poses to show (`restore`). Time comes in as a parameter, so the game
/// is pure and every test is a sequence of commands with exact expected states.
public struct SomaGame: Sendable, Equatable {
    let figure: Figure
    /// The movable pieces, in legend order (1-based numbers in the legend are index + 1). A piece
    /// the figure places in advance is not among them.
    public let pieces: [Piece]
    /// The cells the movable pieces must fill: the figure less its pre-placed cubes.
    let target: Set<Cell>
    /// Cubes the figure places in advance: they cannot move and block the others.
    let fixed: [Cell: Character]
    /// The floor level: nothing goes below it.
    let floor: Int
    /// The start layout, which `resetPieces` restores.
    public let startPoses: [Placement]

    /// One pose per piece, in the order of `pieces`.
    private(set) var poses: [Placement]
    /// The index of the selected piece, if any.
    private(set) var selection: Int?
    /// Moves: handlings of a piece that changed it. A handling runs from picking a piece up (a
    /// drag) or selecting it until it is put down (a drop, the end of a drag) or another piece
    /// is chosen; all its steps and turns are one move, so a perfect solve of the cube is 7.
    /// Refused steps, undo and redo do not count.
    private(set) var moves = 0
    /// The piece whose handling in progress has already been counted as a move.
    var handling: Int?
    /// The attempt: a reset after a solve begins the next one (`PlayState.attempt`).
    private(set) var attempt = 0
    /// True once a move of this sitting was made: the midend's clock runs (`PlayState.started`).
    private(set) var started = false
    /// True once this attempt filled the figure, kept until the next attempt: what the rules of
    /// a solved attempt read (no second solve, hints no longer counted), and the midend's clock
    /// stops (`PlayState.completed`).
    private(set) var completed = false
    /// Seconds played in earlier sittings (a resumed save's): the midend's clock starts there.
    private(set) var earlierSeconds = 0.0
    /// What the last command has to say, if anything.
    var feedback: StatusMessage?
    /// The keys the messages name, as bound (the session sets them).
    var reminders = KeyReminders()
    /// The last hint that arrived: it stays (its ghost drawn) until its piece is placed there,
    /// the position leaves no room for it, or the player puts it away (see `reviewHint`).
    public private(set) var hint: HintResult?

    /// Marked where a change begins a move (`record`), read and cleared by `apply`: it says `.moved`.
    private var moveStart = MoveStart()
    /// Inside a drag: whether its first step has been recorded (the rest coalesce into it).
    private(set) var gesture: GestureRecord?

    /// How much the game helps a piece in hand find its place (`Assist`); `.off` steers freely.
    public var assist: Assist = .off {
        didSet {
            if assist == .solvable, !completed { judged = true }
            refreshFits()
        }
    }
    /// True once judging (`Assist.solvable`) was on in this attempt: the solve is recorded
    /// under it, with the help that knows (`Solved.wasHelped`).
    private(set) var judged = false
    /// Hints that arrived in this attempt: recorded with the solve (`Solved.hints`).
    private(set) var hintsTaken = 0
    /// Every placement of each piece in the figure, from the solver (`FitOptions`): worked out
    /// when a piece is first taken with the assist on (`refreshFits`), not when the game starts,
    /// where it was a sixteenth of a login's start-up to the first frame (issue 35).
    var options = LazyFitOptions()
    /// While the assist is on and a piece is selected: the placements of that piece that fit the
    /// empty cells now, and the one chosen (drawn as a ghost; Space puts the piece there).
    var fits: Fits?
    var fitChoice: Int?
    /// The cell a plan click or the cycle key goes around, and the fits there in cycle order.
    var fitCycle: FitCycle?
    /// What `fits` was computed for (the piece, the other pieces' poses, the assist), so it is
    /// computed again only when one of them changes.
    var fitsKey: FitsKey?

    enum GestureRecord: Hashable, Sendable { case started, recorded }

    /// A new game with the pieces laid out around `figure`; `layoutSeed` turns the ring of pieces
    /// and varies their start orientations (0 gives the canonical layout).
    public init(figure: Figure, layoutSeed: UInt64 = 0) {
        self.figure = figure
        var fixed: [Cell: Character] = [:]
        var remaining = figure.pieceSet.pieces.flatMap { Array(repeating: $0, count: $0.copies) }
        for pre in figure.preplaced {
            for c in pre.cells { fixed[c] = pre.letter }
            if let i = remaining.firstIndex(where: { $0.letter == pre.letter }) { remaining.remove(at: i) }
        }
        self.fixed = fixed
        self.pieces = remaining
        self.target = Set(figure.cells).subtracting(fixed.keys)
        self.floor = figure.cells.map(\.z).min() ?? 0
        self.startPoses = SomaGame.startLayout(pieces: remaining, figure: figure, floor: floor,
                                               group: figure.pieceSet.orientationGroup, seed: layoutSeed)
        self.poses = startPoses
    }

    /// Restores a saved position: the poses (one per piece, in order) replace the start layout.
    /// Returns nil when the poses do not fit this figure's pieces (a stale or corrupt save).
    /// The hints taken and judging, as saved with the position, stay with the attempt.
    init?(figure: Figure, poses: [Placement], moves: Int = 0, seconds: Double = 0, hints: Int = 0, judged: Bool = false) {
        self.init(figure: figure)
        guard poses.count == pieces.count,
              zip(poses, pieces).allSatisfy({ $0.piece == $1.letter }) else { return nil }
        self.poses = poses
        self.moves = moves
        self.hintsTaken = hints
        self.judged = judged
        self.earlierSeconds = seconds
        guard overlappingPair() == nil, cells.allSatisfy({ $0.z >= floor }) else { return nil }
    }

    // MARK: Derived state

    /// The cells piece `index` covers in its current pose.
    func cells(ofPiece index: Int) -> [Cell] { poses[index].cells(of: pieces[index].shape) }

    /// All cells covered by movable pieces.
    var cells: [Cell] { pieces.indices.flatMap { cells(ofPiece: $0) } }

    /// True when piece `index` lies wholly inside the figure.
    func isInPlace(_ index: Int) -> Bool { cells(ofPiece: index).allSatisfy { target.contains($0) } }

    /// How many pieces lie wholly inside the figure ("4/7 in place").
    var piecesInPlace: Int { pieces.indices.filter(isInPlace).count }

    /// True while the pieces fill the figure exactly.
    var isComplete: Bool { Set(cells) == target && cells.count == target.count }

    /// What the game answers about its play (`PlayState`): the midend keeps the clock from it
    /// and records the solve with the moves and the help this attempt had.
    public var play: PlayState {
        PlayState(attempt: attempt, started: started, completed: completed, moves: moves,
                  assist: recordedAssist, hints: hintsTaken, earlierSeconds: earlierSeconds)
    }

    /// What holds piece `index` up: the floor when a cube lies on it, else the pieces (and
    /// pre-placed cubes) right under its cubes, else nothing.
    public func support(ofPiece index: Int) -> PieceSupport {
        let mine = cells(ofPiece: index)
        if mine.contains(where: { $0.z == floor }) { return .floor }
        var letters: [Character] = []
        for cell in mine {
            let below = Cell(cell.x, cell.y, cell.z - 1)
            if mine.contains(below) { continue }
            var letter = fixed[below]
            if letter == nil, let j = pieces.indices.first(where: { $0 != index && cells(ofPiece: $0).contains(below) }) {
                letter = pieces[j].letter
            }
            if let letter, !letters.contains(letter) { letters.append(letter) }
        }
        if !letters.isEmpty { return .pieces(letters) }
        return .floating(level: (mine.map(\.z).min() ?? floor) - floor)
    }

    /// The piece with a cube at `cell`, if any.
    func piece(at cell: Cell) -> Int? {
        pieces.indices.first { cells(ofPiece: $0).contains(cell) }
    }

    // MARK: Commands

    /// Carries out `command` at time `now` (seconds from the injected clock). Returns work for the
    /// terminal loop (a hint request) when the command needs any, and `.moved` when it began a
    /// move (the midend keeps the poses before it for undo).
    @discardableResult
    mutating func apply(_ command: SomaCommand, now: Double) -> [GameEffect] {
        moveStart.effects(perform(command, now: now))
    }

    private mutating func perform(_ command: SomaCommand, now: Double) -> [GameEffect] {
        feedback = nil
        switch command {
        case .select(let selector):
            select(selector)
        case .steer(let delta) where fitChoice != nil:
            steer(by: delta)
        case .steerTurn(let axis, let quarterTurns) where fitChoice != nil:
            steerTurn(about: axis, quarterTurns: quarterTurns)
        case .steer(let delta):
            return perform(.move(delta), now: now)
        case .steerTurn(let axis, let quarterTurns):
            return perform(.turn(axis, by: quarterTurns), now: now)
        case .cycleFit(let forward):
            cycleFit(forward: forward)
        case .putOnFit(let cell):
            putOnFit(covering: cell, now: now)
        case .cycleOnCell(let cell, let forward):
            putOnFit(covering: cell, forward: forward, now: now)
        case .snapToPiece:
            snapToPiece()
        case .place:
            place(now: now)
        case .drop where assist != .off && gesture == nil && fitChoice != nil:
            place(now: now)
        case .move(let delta):
            change(now: now) { (game, i) throws(Refusal) in try game.moved(game.poses[i], piece: i, by: delta) }
        case .turn(let axis, let quarterTurns):
            turn(about: axis, quarterTurns: quarterTurns, pivot: selection.flatMap { keyTurnPivot(poses[$0], piece: $0) }, now: now)
        case .turnAbout(let axis, let quarterTurns, let cube):
            turn(about: axis, quarterTurns: quarterTurns, pivot: cube, now: now)
        case .drop:
            change(now: now) { (game, i) throws(Refusal) in try game.dropped(i) }
            // Space on a piece that already rests changes nothing and harms nothing: say so as a
            // note, not as a refusal drawn in red.
            if feedback == .refused(.alreadyDown) { feedback = .note(Refusal.alreadyDown.message) }
            // Space puts the piece down: the next step of it is a new move.
            handling = nil
        case .resetPieces:
            if completed {
                // After a solve, a reset starts the next attempt: a fresh clock and count, and
                // no undo back into the solved position (it would count as a second solve).
                (attempt, started, completed, earlierSeconds) = (attempt + 1, false, false, 0)
                moves = 0
                handling = nil
                poses = startPoses
                hint = nil
                (judged, hintsTaken) = (assist == .solvable, 0)
                feedback = .note("All pieces back: a new attempt")
                refreshFits()
                return [.forgetMoves]
            }
            guard poses != startPoses else { return [] }
            record()
            poses = startPoses
            handling = nil
            reviewHint()
            feedback = .note("All pieces back: \(reminders.undo) undoes")
            refreshFits()
        case .beginGesture:
            // Picking a piece up starts a handling of its own.
            gesture = .started
            handling = nil
        case .endGesture:
            // The end of a drag puts the piece down.
            gesture = nil
            handling = nil
        case .undo:
            return [.undo]
        case .redo:
            return [.redo]
        case .toggleJudging:
            toggleJudging()
        case .hint:
            guard let request = hintRequest() else { return refuse(.nothingToHint) }
            feedback = .note("Thinking...")
            return [.computeHint(request)]
        case .hintArrived(let result):
            guard result.fixed == placedPoses else { return [] }   // stale: the position moved on
            hint = result
            if !completed { hintsTaken += 1 }
            followHint()
            feedback = .note(hintMessage ?? result.message)
        case .say(let message):
            feedback = message
        case .dismissHint:
            hint = nil
        }
        // Choosing another piece (or none, or undo bringing back another) ends the handling.
        if selection != handling { handling = nil }
        refreshFits()
        return []
    }


    /// What the bottom line says while a hint with a suggestion is shown: the piece, and what
    /// puts it away.
    public var hintMessage: String? {
        guard let hint, hint.problem == nil, let suggestion = hint.suggestion else { return nil }
        // Steered a step at a time, a piece cannot pass through others: under a roof, how to get there.
        let reach = assist != .off ? nil : figure.pieceSet.piece(suggestion.piece).flatMap {
            HintReach(suggestion, shape: $0.shape, game: self).words()
        }
        return "Hint: try \(suggestion.piece) where its ghost is" + (reach.map { ", " + $0 } ?? "")
            + " (\(hint.remaining); \(reminders.dismiss) hides it)"
    }

    /// Keeps the hint while it can still be followed: a hint without a suggestion spoke of the
    /// position before, and goes; a suggestion goes once a piece of its letter lies exactly
    /// there, or once another piece takes one of its cells.
    private mutating func reviewHint() {
        guard let suggestion = hint?.suggestion, let piece = figure.pieceSet.piece(suggestion.piece) else {
            hint = nil
            return
        }
        let place = Set(suggestion.cells(of: piece.shape))
        for i in pieces.indices {
            let mine = cells(ofPiece: i)
            if pieces[i].letter == suggestion.piece {
                if Set(mine) == place { hint = nil; return }
            } else if mine.contains(where: place.contains) {
                hint = nil
                return
            }
        }
    }

    /// Undo or redo (the midend's move list) brought back `position`, the poses of every piece
    /// (with nothing to take back the midend says so itself). The piece it moved is selected, so
    /// undo shows what it undid; the bottom line says which pieces moved and how redo goes.
    mutating func restore(_ position: [Placement], undoing: Bool) {
        feedback = nil
        gesture = nil
        // A position of another set of pieces is none of this game's (never recorded by it).
        guard position.count == poses.count else { return }
        let before = poses
        poses = position
        let moved = pieces.indices.filter { before[$0] != poses[$0] }
        if moved.count == 1 { selection = moved[0] }
        reviewHint()
        feedback = undoing ? .note("Undone: " + describeChange(from: before, undoing: true) + "   \(reminders.redo) redoes")
                           : .note("Redone: " + describeChange(from: before, undoing: false))
        if selection != handling { handling = nil }
        refreshFits()
    }

    /// Which pieces an undo or redo moved, from the poses before it: `V moved back` (undo) or
    /// `V moved again` (redo).
    private func describeChange(from before: [Placement], undoing: Bool) -> String {
        let moved = pieces.indices.filter { before[$0] != poses[$0] }
        let how = undoing ? " moved back" : " moved again"
        switch moved.count {
        case 0: return "nothing moved"
        default: return moved.map { String(pieces[$0].letter) }.joined(separator: " ") + how
        }
    }

    private mutating func refuse(_ reason: Refusal) -> [GameEffect] {
        feedback = .refused(reason)
        return []
    }

    private mutating func select(_ selector: PieceSelector) {
        let n = pieces.count
        guard n > 0 else { return }
        switch selector {
        case .next: selection = selection.map { ($0 + 1) % n } ?? 0
        case .previous: selection = selection.map { ($0 + n - 1) % n } ?? n - 1
        case .number(let k):
            guard (1...n).contains(k) else { feedback = .refused(.noSuchPiece); return }
            selection = k - 1
        case .index(let i):
            guard pieces.indices.contains(i) else { feedback = .refused(.noSuchPiece); return }
            selection = i
        case .letter(let ch):
            let matches = pieces.indices.filter { pieces[$0].letter == Character(ch.uppercased()) }
            guard let first = matches.first else { feedback = .refused(.noSuchPiece); return }
            // With several copies of a letter, pressing it again walks through them.
            if let current = selection, let k = matches.firstIndex(of: current) {
                selection = matches[(k + 1) % matches.count]
            } else {
                selection = first
            }
        case .none: selection = nil
        }
    }

    /// Runs a pose change on the selected piece: accepted changes are recorded for undo, counted,
    /// start the play (the midend's clock) and may complete the figure; refusals leave
    /// everything as it was.
    mutating func change(now: Double, _ body: (SomaGame, Int) throws(Refusal) -> Placement) {
        guard let i = selection else { feedback = .refused(.noSelection); return }
        let newPose: Placement
        do { newPose = try body(self, i) } catch { feedback = .refused(error); return }
        if gesture != .recorded {
            record()
            if gesture == .started { gesture = .recorded }
        }
        if handling != i {
            moves += 1
            handling = i
        }
        poses[i] = newPose
        reviewHint()
        started = true
        if isComplete { completed = true }
    }

    /// A move begins here: `apply` says `.moved`, and the midend keeps the poses before it.
    private mutating func record() {
        moveStart.begin()
    }

    // MARK: Geometry of the moves

    /// Where piece `i` would be after `command` (a move or a turn) from `pose`, the other pieces
    /// staying as they are; nil when the game would refuse it. What a planner explores.
    func pose(_ pose: Placement, piece i: Int, after command: SomaCommand) -> Placement? {
        switch command {
        case .move(let delta): try? moved(pose, piece: i, by: delta)
        case .turn(let axis, let quarterTurns):
            try? turned(pose, piece: i, about: axis, quarterTurns: quarterTurns, pivot: keyTurnPivot(pose, piece: i))
        default: nil
        }
    }

    /// The cube a key turn of piece `i` lying at `pose` pivots about (an index into its shape's
    /// cells): while the piece has a cube in the figure, the one nearest the figure's centre, as
    /// with the assist's turns, so a piece put in the figure turns where it is (`w w` leaves it
    /// in place) instead of about its own middle, which swung it out through the figure's side.
    /// Off the figure, nil: the central cube, so that four turns there bring it back exactly.
    func keyTurnPivot(_ pose: Placement, piece i: Int) -> Int? {
        let cells = pose.cells(of: pieces[i].shape)
        guard cells.contains(where: target.contains) else { return nil }
        return cubeNearestCentre(of: cells).flatMap(cells.firstIndex(of:))
    }

    /// Turns the selected piece about its cube `pivot` (its central cube when nil), saying
    /// where a wall kick put it when the turn had to shift it.
    private mutating func turn(about axis: Axis, quarterTurns: Int, pivot: Int?, now: Double) {
        let before = selection.map { poses[$0] }
        change(now: now) { (game, i) throws(Refusal) in
            try game.turned(game.poses[i], piece: i, about: axis, quarterTurns: quarterTurns, pivot: pivot)
        }
        if let i = selection, let before, poses[i] != before, feedback == nil,
           case let plain = unkickedTurn(before, piece: i, about: axis, quarterTurns: quarterTurns, pivot: pivot),
           plain.offset != poses[i].offset {
            feedback = .note(WallKick.describe(poses[i].offset - plain.offset))
        }
    }

    private func moved(_ pose: Placement, piece i: Int, by delta: Cell) throws(Refusal) -> Placement {
        var pose = pose
        pose.offset = pose.offset + delta
        try check(pose, for: i)
        return pose
    }

    /// Turns about the piece's central cube (the cube nearest its centre of mass), the way a hand
    /// holds a piece by its middle: that cube stays where it is, so four quarter turns bring the
    /// piece back exactly and repeated turns never walk it away. If the turn takes the piece
    /// below the floor, it is lifted back onto it. `pivot` (an index into the shape's cells)
    /// holds another cube instead: the one a click turned the piece by.
    private func turned(_ from: Placement, piece i: Int, about axis: Axis, quarterTurns: Int,
                        pivot: Int? = nil) throws(Refusal) -> Placement {
        let pose = unkickedTurn(from, piece: i, about: axis, quarterTurns: quarterTurns, pivot: pivot)
        do {
            try check(pose, for: i)
        } catch {
            // Blocked: the nearest free shift, one level up first (`WallKick`); refused only
            // when none is free, with what blocks it.
            guard let kick = WallKick.kick({ d in (try? check(Placement(piece: pose.piece, orientation: pose.orientation,
                                                                            offset: pose.offset + d), for: i)) != nil })
            else { throw error }
            return Placement(piece: pose.piece, orientation: pose.orientation, offset: pose.offset + kick)
        }
        return pose
    }

    /// Where a turn puts the piece before any wall kick (what the kick's message measures from).
    private func unkickedTurn(_ from: Placement, piece i: Int, about axis: Axis, quarterTurns: Int,
                              pivot cube: Int? = nil) -> Placement {
        let r = axis.rotation(quarterTurns: quarterTurns)
        let cells = from.cells(of: pieces[i].shape)
        let pivot = cells[cube.flatMap { cells.indices.contains($0) ? $0 : nil } ?? pieces[i].shape.centralCube]
        var shift = pivot - r.apply(pivot)
        let lowest = cells.map { r.apply($0).z }.min()! + shift.z
        shift.z += max(0, floor - lowest)
        return Placement(piece: from.piece, orientation: from.orientation.then(r), offset: r.apply(from.offset) + shift)
    }

    private func dropped(_ i: Int) throws(Refusal) -> Placement {
        var pose = poses[i]
        var fell = false
        while true {
            var lower = pose
            lower.offset.z -= 1
            do { try check(lower, for: i) } catch { break }
            pose = lower
            fell = true
        }
        guard fell else { throw .alreadyDown }
        return pose
    }

    /// Refuses a pose for piece `i` that goes below the floor or overlaps anything else.
    private func check(_ pose: Placement, for i: Int) throws(Refusal) {
        let newCells = pose.cells(of: pieces[i].shape)
        if newCells.contains(where: { $0.z < floor }) { throw .belowFloor }
        if newCells.contains(where: { fixed[$0] != nil }) { throw .overlap(nil) }
        let mine = Set(newCells)
        for j in pieces.indices where j != i {
            if cells(ofPiece: j).contains(where: mine.contains) { throw .overlap(pieces[j].letter) }
        }
    }

    private func overlappingPair() -> (Int, Int)? {
        var owner: [Cell: Int] = [:]
        for i in pieces.indices {
            for c in cells(ofPiece: i) {
                if let j = owner[c] { return (j, i) }
                if fixed[c] != nil { return (i, i) }
                owner[c] = i
            }
        }
        return nil
    }

    // MARK: Hints

    /// The placements of the pieces wholly inside the figure: what a hint takes as given.
    var placedPoses: [Placement] { pieces.indices.filter(isInPlace).map { poses[$0] } }

    /// The solver question for the current position, or nil when nothing is left to place.
    func hintRequest(limit: Int = 1000) -> HintRequest? {
        let open = pieces.indices.filter { !isInPlace($0) }
        guard !open.isEmpty else { return nil }
        let order = (selection.map { [$0] } ?? []) + open
        // Steered a step at a time, a piece cannot pass through others: the hint prefers a place
        // it can be put in now (with the assist on, Space puts a piece on any fit).
        return HintRequest(figure: figure, fixed: placedPoses,
                           preferred: order.filter(open.contains).map { pieces[$0].letter }, limit: limit,
                           scene: assist == .off ? HintScene(owner: HintReach.owners(in: self), floor: floor) : nil)
    }

    // MARK: Start layout

    /// The pieces on the floor around the figure: each turned to lie as flat as it can (the seed
    /// picks among its flattest orientations), spread evenly around the figure's footprint.
    static func startLayout(pieces: [Piece], figure: Figure, floor: Int, group: [Isometry], seed: UInt64) -> [Placement] {
        var rng = SeededGenerator(seed: seed)
        let orientations: [Isometry] = pieces.map { piece in
            // A turned shape's height is the piece's extent along the axis the turn puts on z:
            // read from the piece's own size, not from 48 turned copies of it (issue 35: a
            // login's start-up).
            let size = piece.shape.size
            let extent = [size.x, size.y, size.z]
            let lowest = group.map { extent[$0.axis.2] }.min() ?? 1
            let flattest = group.filter { extent[$0.axis.2] == lowest }
            return seed == 0 ? flattest[0] : flattest[Int(rng.next() % UInt64(flattest.count))]
        }
        let shapes = zip(pieces, orientations).map { $0.shape.transformed(by: $1) }
        let start = Double.pi / 2 + (seed == 0 ? 0 : Double(rng.next() % 360) * .pi / 180)
        let offsets = TrayLayout.arrange(shapes.map { Shape($0.cells.map { Cell($0.x, $0.y, 0) }) },
                                         around: figure.cells, startAngle: start)
        return pieces.indices.map { i in
            // Placement applies the orientation to the piece's own cells, which need not start at
            // the origin once turned: shift so the turned shape's corner lands on the offset.
            let turned = Bounds(pieces[i].shape.cells.map(orientations[i].apply)).lo
            let offset = Cell(offsets[i].x - turned.x, offsets[i].y - turned.y, floor - turned.z)
            return Placement(piece: pieces[i].letter, orientation: orientations[i], offset: offset)
        }
    }
}
