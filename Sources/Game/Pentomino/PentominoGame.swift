import Polycube
import Scene

/// A game of pentominoes (or any flat set) on one board, as a value.
///
/// The tiles start spread evenly around the board. The player lifts one (by letter, by clicking
/// one of its own squares, or at the keyboard cursor), carries and turns it, and puts it down;
/// a tile goes down only wholly on the board and on free squares, otherwise it returns where it
/// came from with a visible cue. That is the rule system the pentomino app post still lacked,
/// applied at the moment of dropping, so carrying a tile over others is never blocked.
public struct PentominoGame: Sendable, Equatable {
    let board: Figure
    public let tiles: [Tile]
    /// Where each tile lives around the board; `putBack` returns a tile there. A fixed tile's
    /// home is its place on the board.
    public let homes: [Placement]
    let boardCells: Set<Cell>
    /// The tiles the puzzle fixed in place (the board's pre-placed pieces, as in the daily
    /// puzzle): on the board from the start, never lifted, moved, taken off, cleared or undone
    /// away. `FixedTiles.swift` says what a try at moving one is told.
    let fixedTiles: Set<Int>

    /// One pose per tile, in the order of `tiles` (z is always 0).
    private(set) var poses: [Placement]
    /// The tile in the player's hand, if any.
    private(set) var lifted: Int?
    /// Where the lifted tile was when it was lifted: a refused drop sends it back there.
    private(set) var liftedFrom: Placement?
    /// The keyboard cursor, a board cell (the lifted tile's central square follows it).
    private(set) var cursor: Cell
    /// Moves: handlings of a tile that changed the board, from lifting it to putting it down
    /// somewhere else (or back home); a tile lifted and put down where it was, or sent back by
    /// a refused drop, or exchanged for another in hand, is no move. A perfect board is one move
    /// per tile (12 for pentominoes).
    private(set) var moves = 0
    /// True once a tile was lifted in this sitting: the midend's clock runs (`PlayState`).
    private(set) var started = false
    /// True once the board was filled, and kept: the midend's clock stops (`PlayState`).
    private(set) var completed = false
    /// Seconds played in earlier sittings (a resumed save's): the midend's clock starts there.
    private(set) var earlierSeconds = 0.0
    private(set) var feedback: StatusMessage?
    /// The last hint that arrived for the tiles on the board; cleared when they change. Hints
    /// live in the game, as in `SomaGame`.
    private(set) var hint: HintResult?
    /// The tile a refused drop just sent back, drawn highlighted until the next command: the
    /// visible cue that it returned (and where to).
    private(set) var bounced: Int?

    /// Marked where a change begins a move (`commit`), read and cleared by `apply`: it says `.moved`.
    private var moveStart = MoveStart()
    /// The area the cursor may roam: the board and the tiles around it, with a margin.
    private(set) var area: (lo: Cell, hi: Cell)

    public init(board: Figure, layoutSeed: UInt64 = 0) {
        self.board = board
        let pieces = board.pieceSet.pieces.flatMap { Array(repeating: $0, count: $0.copies) }
        let tiles = pieces.map { Tile(letter: $0.letter, shape: $0.shape, color: PiecePalette.color(for: $0.letter, in: board.pieceSet)) }
        self.tiles = tiles
        boardCells = Set(board.cells.map { Cell($0.x, $0.y, 0) })
        let fixedPoses = Self.fixedPlacements(of: board, tiles: tiles)
        fixedTiles = Set(fixedPoses.keys)
        var rng = SeededGenerator(seed: layoutSeed)
        let start = Double.pi / 2 + (layoutSeed == 0 ? 0 : Double(rng.next() % 360) * .pi / 180)
        // Only the tiles the player moves go around the board.
        let free = tiles.indices.filter { fixedPoses[$0] == nil }
        let offsets = Self.trayOffsets(free.map { tiles[$0].shape }, around: Array(boardCells), startAngle: start)
        var homes = tiles.indices.map { fixedPoses[$0] ?? Placement(piece: tiles[$0].letter) }
        for (i, offset) in zip(free, offsets) { homes[i] = Placement(piece: tiles[i].letter, offset: offset) }
        self.homes = homes
        poses = homes
        let all = boardCells.map { $0 } + zip(tiles, homes).flatMap { $1.cells(of: $0.shape) }
        let b = Bounds(all)
        area = (b.lo - Cell(1, 1, 0), b.hi + Cell(1, 1, 0))
        let boardBounds = Bounds(Array(boardCells))
        cursor = Cell((boardBounds.lo.x + boardBounds.hi.x) / 2, (boardBounds.lo.y + boardBounds.hi.y) / 2, 0)
    }

    /// Where the tiles start around the board: on the flattened ring (`TrayLayout`) whose play
    /// area draws largest on a 120x40 terminal, a common size (squares 2h columns by h rows, grid
    /// lines between). A ring wider than tall fills a terminal where a round one left the sides
    /// empty; long boards (3x20) need a narrower ring than short ones (6x10).
    static func trayOffsets(_ shapes: [Shape], around board: [Cell], startAngle: Double) -> [Cell] {
        let rings: [(widen: Double, lift: Double)] = [(0, 2.5), (-0.25, 3), (-0.5, 3.5), (-1, 3.5), (-1, 4.5)]
        var best: (scale: Double, offsets: [Cell])?
        for ring in rings {
            let offsets = TrayLayout.arrange(shapes, around: board, startAngle: startAngle, flat: true,
                                             widen: ring.widen, lift: ring.lift)
            let b = Bounds(board + zip(shapes, offsets).flatMap { shape, o in shape.cells.map { Cell($0.x, $0.y, 0) + o } })
            // The play area has a margin of one square; the picture area is 120 by 38.
            let columns = Double(b.hi.x - b.lo.x + 3), rows = Double(b.hi.y - b.lo.y + 3)
            let scale = min(119 / (2 * columns), 37 / rows)
            if best == nil || scale > best!.scale { best = (scale, offsets) }
        }
        return best?.offsets ?? []
    }

    /// Restores a saved position: one pose per tile, in order, flat; tiles on the board must not
    /// overlap. Returns nil when the poses do not fit this board's tiles (a stale or corrupt save).
    init?(board: Figure, poses: [Placement], moves: Int = 0, seconds: Double = 0) {
        self.init(board: board)
        guard poses.count == tiles.count, zip(poses, tiles).allSatisfy({ $0.piece == $1.letter }),
              fixedTiles.allSatisfy({ poses[$0] == homes[$0] }),
              poses.allSatisfy({ $0.offset.z == 0 && board.pieceSet.orientationGroup.contains($0.orientation) }) else { return nil }
        self.poses = poses
        // Tiles saved where an older layout put them stay in view.
        let b = Bounds(Array(boardCells) + tiles.indices.flatMap { cells(ofTile: $0) })
        area = (Cell(min(area.lo.x, b.lo.x - 1), min(area.lo.y, b.lo.y - 1), 0),
                Cell(max(area.hi.x, b.hi.x + 1), max(area.hi.y, b.hi.y + 1), 0))
        var seen = Set<Cell>()
        for i in tiles.indices where isOnBoard(i) {
            for c in cells(ofTile: i) where !seen.insert(c).inserted { return nil }
        }
        self.moves = moves
        self.earlierSeconds = seconds
    }

    public static func == (a: PentominoGame, b: PentominoGame) -> Bool {
        a.board == b.board && a.poses == b.poses && a.lifted == b.lifted && a.liftedFrom == b.liftedFrom
            && a.cursor == b.cursor && a.moves == b.moves
            && a.started == b.started && a.completed == b.completed && a.earlierSeconds == b.earlierSeconds
            && a.feedback == b.feedback && a.bounced == b.bounced && a.hint == b.hint
    }

    // MARK: Derived state

    func cells(ofTile index: Int) -> [Cell] { poses[index].cells(of: tiles[index].shape) }

    /// The tile with a square on `cell`: the lifted tile first (it is on top), then the others.
    /// Only a tile's own squares count, so tiles whose boxes overlap are still told apart.
    func tile(at cell: Cell) -> Int? {
        if let l = lifted, cells(ofTile: l).contains(cell) { return l }
        return tiles.indices.first { $0 != lifted && cells(ofTile: $0).contains(cell) }
    }

    /// True when tile `index` lies on the board (and is not in the hand).
    func isOnBoard(_ index: Int) -> Bool {
        index != lifted && cells(ofTile: index).allSatisfy(boardCells.contains)
    }

    /// The tiles the player put on the board (fixed tiles are not theirs to count).
    var tilesOnBoard: Int { tiles.indices.filter { isOnBoard($0) && !fixedTiles.contains($0) }.count }

    /// True when the tiles put down cover every board square.
    var isComplete: Bool {
        lifted == nil && Set(tiles.indices.filter(isOnBoard).flatMap { cells(ofTile: $0) }) == boardCells
    }

    /// What the game answers about its play (`PlayState`): the midend keeps the clock from it
    /// and records the solve.
    var play: PlayState {
        PlayState(started: started, completed: completed, moves: moves, earlierSeconds: earlierSeconds)
    }

    /// The tiles the player put on the board as placements: what the solver is asked about
    /// (the fixed tiles are the board's pre-placed pieces, which the solver has already).
    var placedPlacements: [Placement] { tiles.indices.filter { isOnBoard($0) && !fixedTiles.contains($0) }.map { poses[$0] } }

    /// The square a tile in hand hangs from: the one nearest its centre, the topmost then
    /// leftmost of equals. It is defined by the squares alone (not by how the shape was first
    /// written down), so a player, or a test, can tell where a lifted tile will sit: this square
    /// goes under the cursor, and turning the tile keeps it there.
    static func anchor(of cells: [Cell]) -> Cell { Cell.middleSquare(of: cells) }

    /// The position undo knows (`PentominoSession.position`): every tile where it lies, the one in
    /// hand where it was picked up.
    var settledPoses: [Placement] {
        var settled = poses
        if let l = lifted, let from = liftedFrom { settled[l] = from }
        return settled
    }

    // MARK: Commands

    /// Carries out `command` at time `now`; `.moved` when it began a move (the midend keeps the
    /// position before it for undo).
    @discardableResult
    mutating func apply(_ command: PentominoCommand, now: Double) -> [GameEffect] {
        moveStart.effects(perform(command, now: now))
    }

    private mutating func perform(_ command: PentominoCommand, now: Double) -> [GameEffect] {
        feedback = nil
        bounced = nil
        let placed = placedPlacements
        defer { if placedPlacements != placed { hint = nil } }
        switch command {
        case .lift(let letter):
            let candidates = tiles.indices.filter { tiles[$0].letter == letter }
            let movable = candidates.filter { !fixedTiles.contains($0) }
            guard let i = movable.first(where: { !isOnBoard($0) }) ?? movable.first else {
                feedback = .refused(candidates.isEmpty ? .noSuchPiece : .fixedTile(letter)); return []
            }
            liftToCursor(i, now: now)
        case .liftNext(let forward):
            let open = tiles.indices.filter { ($0 == lifted || !isOnBoard($0)) && !fixedTiles.contains($0) }
            guard !open.isEmpty else { feedback = .refused(.nothingToHint); return [] }
            let next: Int
            if let l = lifted, let k = open.firstIndex(of: l) {
                next = open[(k + (forward ? 1 : open.count - 1)) % open.count]
            } else {
                next = forward ? open[0] : open[open.count - 1]
            }
            liftToCursor(next, now: now)
        case .takeOff:
            cancelLift()
            guard let i = tile(at: cursor), isOnBoard(i) else { feedback = .refused(.noSuchPiece); return [] }
            if refuseFixed(i) { return [] }
            commit(i, from: poses[i], to: homes[i], now: now)
        case .place(let i, let placement):
            cancelLift()
            guard tiles.indices.contains(i), placement.piece == tiles[i].letter else { feedback = .refused(.noSuchPiece); return [] }
            if refuseFixed(i) { return [] }
            lift(i, now: now)
            poses[i] = placement
            drop(now: now)
        case .clearBoard:
            cancelLift()
            var cleared = poses
            for i in tiles.indices where isOnBoard(i) && !fixedTiles.contains(i) { cleared[i] = homes[i] }
            guard cleared != poses else { return [] }
            moveStart.begin()
            poses = cleared
            moves += 1
        case .liftAt(let cell):
            let cell = Cell(cell.x, cell.y, 0)
            guard let i = tile(at: cell) else { feedback = .refused(.noSuchPiece); return [] }
            cursor = cell
            if refuseFixed(i) { return [] }
            if i != lifted { lift(i, now: now) }
        case .liftAtCursor:
            guard let i = tile(at: cursor) else { feedback = .refused(.noSuchPiece); return [] }
            if refuseFixed(i) { return [] }
            if i != lifted { lift(i, now: now) }
        case .move(let dx, let dy):
            let next = Cell(min(max(cursor.x + dx, area.lo.x), area.hi.x), min(max(cursor.y + dy, area.lo.y), area.hi.y), 0)
            if let l = lifted { poses[l].offset = poses[l].offset + (next - cursor) }
            cursor = next
        case .turn(let clockwise):
            turnLifted(by: Axis.z.rotation(quarterTurns: clockwise ? -1 : 1))
        case .turnOver:
            turnLifted(by: .mirrorX)
        case .drop:
            drop(now: now)
        case .putBack:
            guard let l = lifted, let from = liftedFrom else { feedback = .refused(.nothingInHand); return [] }
            lifted = nil
            liftedFrom = nil
            if homes[l] != from { commit(l, from: from, to: homes[l], now: now) } else { poses[l] = from }
        case .undo:
            cancelLift()
            return [.undo]
        case .redo:
            cancelLift()
            return [.redo]
        case .hint:
            guard let request = hintRequest() else {
                feedback = .note(Refusal.nothingToHint.message)
                return []
            }
            feedback = .note("Hint: counting solutions...")
            return [.computeHint(request)]
        case .hintArrived(let result):
            guard result.fixed == placed else { return [] }   // stale: the board moved on
            hint = result
            let ghost = result.suggestion.map { "   try \($0.piece) where the ghost is" } ?? ""
            feedback = .note(result.message + ghost)
        }
        return []
    }

    /// The solver question for the tiles on the board, or nil when every tile is down; the tile
    /// in hand is preferred for the suggestion.
    func hintRequest(limit: Int = 1000) -> HintRequest? {
        guard tiles.indices.contains(where: { !isOnBoard($0) }) else { return nil }
        let preferred = lifted.map { [tiles[$0].letter] } ?? []
        return HintRequest(figure: board, fixed: placedPlacements, preferred: preferred, limit: limit)
    }


    /// Drops the hint (a solution is about to be shown instead).
    mutating func forgetHint() {
        hint = nil
    }

    /// True (and the bottom line says why) when tile `i` is fixed in place: it is
    /// marked as a tile sent back is, so the player sees which one it is.
    mutating func refuseFixed(_ i: Int) -> Bool {
        guard fixedTiles.contains(i) else { return false }
        feedback = .refused(.fixedTile(tiles[i].letter))
        bounced = i
        return true
    }

    /// Takes tile `i` in hand; a tile already in hand goes back where it came from.
    private mutating func lift(_ i: Int, now: Double) {
        cancelLift()
        lifted = i
        liftedFrom = poses[i]
        started = true
    }

    /// Lifts tile `i` and hangs it from the cursor by its anchor square.
    private mutating func liftToCursor(_ i: Int, now: Double) {
        lift(i, now: now)
        poses[i].offset = poses[i].offset + (cursor - Self.anchor(of: cells(ofTile: i)))
    }

    private mutating func cancelLift() {
        if let l = lifted, let from = liftedFrom { poses[l] = from }
        lifted = nil
        liftedFrom = nil
    }

    /// Turns the lifted tile about its anchor square, which stays where it is (under the
    /// cursor, or under the pointer's grip): the tile turns without moving.
    private mutating func turnLifted(by g: Isometry) {
        guard let l = lifted else { feedback = .refused(.nothingInHand); return }
        let pivot = Self.anchor(of: cells(ofTile: l))
        poses[l] = Placement(piece: poses[l].piece, orientation: poses[l].orientation.then(g),
                             offset: g.apply(poses[l].offset))
        poses[l].offset = poses[l].offset + (pivot - Self.anchor(of: cells(ofTile: l)))
    }

    /// Why the tile in hand could not be put down where it is now, or nil when it could (and
    /// when nothing is in hand): the view shows it on the tile before the player lets go.
    var dropProblem: Refusal? {
        guard let l = lifted else { return nil }
        let mine = cells(ofTile: l)
        if !mine.allSatisfy(boardCells.contains) { return .outsideBoard }
        let taken = Set(mine)
        if let other = tiles.indices.first(where: { $0 != l && cells(ofTile: $0).contains(where: taken.contains) }) {
            return .overlap(tiles[other].letter)
        }
        return nil
    }

    private mutating func drop(now: Double) {
        guard let l = lifted, let from = liftedFrom else { feedback = .refused(.nothingInHand); return }
        let problem = dropProblem
        lifted = nil
        liftedFrom = nil
        if let problem {
            poses[l] = from
            feedback = .refused(problem)
            bounced = l
            return
        }
        let to = poses[l]
        poses[l] = from
        if to != from { commit(l, from: from, to: to, now: now) }
    }

    /// Undo or redo (the midend's move list) brought back `position` (with nothing to take back
    /// the midend says so itself).
    mutating func restore(_ position: [Placement]) {
        feedback = nil
        bounced = nil
        let placed = placedPlacements
        defer { if placedPlacements != placed { hint = nil } }
        cancelLift()
        // A position of another set of tiles is none of this game's (never recorded by it).
        guard position.count == poses.count else { return }
        poses = position
    }

    /// A completed move of tile `i` (a move of the midend's move list, `.moved`): counted, and
    /// checked for completion.
    private mutating func commit(_ i: Int, from: Placement, to: Placement, now: Double) {
        moveStart.begin()
        poses[i] = to
        moves += 1
        started = true
        if isComplete { completed = true }
    }
}
