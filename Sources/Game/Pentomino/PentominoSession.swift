import Polycube
import Scene

/// One sitting at a pentomino board: the game, hints, a solution being shown, and the flat
/// picture. This is the screen the midend runs for `soma pento`: keys, pointer reports, solver
/// answers and ticks go in, a `Canvas` comes out, and `GameEffect`s tell the midend what else to
/// do (the solver is only ever asked through `.computeHint`, so it runs off
/// the input path and the keyboard and mouse never wait for it).
public struct PentominoSession: Sendable, Equatable {
    private(set) var game: PentominoGame
    /// The keys the player's settings moved (`Settings.pentoKeys`), kept as a remapping rather
    /// than a table because the table depends on the board's tile letters.
    var keyRemap: [GameKey: GameKey] = [:]
    /// During a drag: the board cell under the pointer at the last report.
    private var grab: Cell?
    /// The tile in hand was picked up by a click (not a drag, not a key), so it follows the
    /// pointer (`followsPointer`); `followed` once it has: a click then puts it down where it
    /// is drawn, where before it would turn it (a tile under a still pointer turns on a click).
    private var clickHold = ClickHold()

    struct ClickHold: Hashable, Sendable {
        var picked = false, followed = false
    }
    /// A message of the session's own (a solution being shown) for the bottom line; the game's
    /// feedback of the next command replaces it.
    private(set) var note: StatusMessage?
    /// True while a solution is being shown: each solver answer puts one more tile down.
    private(set) var isShowingSolution = false
    /// The next tile of the solution being shown, and when it goes down.
    private(set) var nextPlaybackStep: PlaybackStep?

    /// A tile of a solution being shown, and when it goes down.
    struct PlaybackStep: Hashable, Sendable {
        var placement: Placement
        var at: Double
    }
    /// True once the player asked to see a solution: completing the board then is not a solve
    /// of their own, and is not recorded.
    private(set) var assisted = false

    /// Seconds between two tiles of a solution being played back.
    static let playbackStep = 0.35

    public init(board: Figure, layoutSeed: UInt64 = 0) {
        game = PentominoGame(board: board, layoutSeed: layoutSeed)
    }

    /// Resumes a game (from `Progress.resume(board:)`).
    public init(game: PentominoGame) {
        self.game = game
    }

    /// Moves keys as the player's settings say (`Settings.pentoKeys`: the key that now does what
    /// each key did); the help shows the keys so bound.
    public mutating func remapKeys(_ remap: [GameKey: GameKey]) throws {
        _ = try PentominoKeyMap.tables(tileLetters: tileLetters, remap: remap)
        keyRemap = remap
    }

    /// The keys of this board, its own and the common ones, as the player's settings bound them.
    var bound: (own: KeyTable<PentominoKeyMap.Action>, common: CommonKeys) {
        // `remapKeys` checked the remapping, and it suits every board (capitals stay put).
        (try? PentominoKeyMap.tables(tileLetters: tileLetters, remap: keyRemap))
            ?? (PentominoKeyMap.table(tileLetters: tileLetters), PentominoKeyMap.common)
    }

    /// The board's own keys, as bound.
    var keys: KeyTable<PentominoKeyMap.Action> { bound.own }

    /// The common keys (help, quit, undo...), as bound: the midend carries them out.
    var common: CommonKeys { bound.common }

    private var tileLetters: Set<Character> { Set(game.tiles.map(\.letter)) }

    /// True while the pointer is carrying a tile.
    var isDragging: Bool { grab != nil && game.lifted != nil }

    /// True while a tile picked up by a click is in hand: it follows the pointer
    /// (`ScreenFacts.followsPointer`).
    public var followsPointer: Bool { clickHold.picked && game.lifted != nil && grab == nil && !isShowingSolution }

    /// Handles a key at time `now`.
    @discardableResult
    public mutating func handle(_ key: GameKey, now: Double) -> [GameEffect] {
        clickHold = ClickHold()   // a key takes the tile in hand over from the pointer
        if isShowingSolution {
            // Any key stops a solution being played back (what is down stays down).
            stopPlayback(saying: "Stopped showing the solution")
            return []
        }
        switch keys.action(for: key) {
        case .command(.putBack) where game.lifted == nil: return []   // Esc with nothing in hand: nothing to do
        case .command(let command): return apply(command, now: now)
        case .dropOrLift:
            if isDragging { return apply(PentominoCommand.turn(clockwise: true), now: now) }
            return apply(game.lifted == nil ? .liftAtCursor : .drop, now: now)
        case .hint: return apply(PentominoCommand.hint, now: now)
        case .showSolution: return startShowingSolution(now: now)
        case nil: break
        }
        return []
    }

    /// Carries out a game command (the pointer director sends these too).
    @discardableResult
    mutating func apply(_ command: PentominoCommand, now: Double) -> [GameEffect] {
        let effects = game.apply(command, now: now)
        note = nil
        return effects
    }

    /// Undo or redo (the midend's move list) brought back `position`.
    mutating func restore(_ position: [Placement]) {
        game.restore(position)
        note = nil
    }

    // MARK: Hints and solutions

    /// The solver's answer to a hint. While a solution is being shown it is the next tile to
    /// put down; otherwise it is kept (and its ghost drawn) as long as the tiles on the board are
    /// those it was asked about.
    @discardableResult
    mutating func hintArrived(_ result: HintResult, now: Double) -> [GameEffect] {
        guard isShowingSolution else { return apply(.hintArrived(result), now: now) }
        guard result.fixed == game.placedPlacements else { return [] }
        return playbackAnswer(result, now: now)
    }

    /// "Show a solution": the solver is asked, one tile at a time, how the position goes on
    /// (the same question as a hint), and each answer is put down one `playbackStep` after the
    /// last, so the player sees a solution being built. A position with no completion is
    /// cleared first (one move: undo brings it back).
    private mutating func startShowingSolution(now: Double) -> [GameEffect] {
        let putBack = game.lifted != nil ? game.apply(.putBack, now: now) : []
        guard !game.isComplete else { note = .note("The board is already solved"); return putBack }
        isShowingSolution = true
        assisted = true
        game.forgetHint()
        note = .note("Showing a solution (any key stops)")
        return putBack + [nextPlaybackRequest()]
    }

    private func nextPlaybackRequest() -> GameEffect {
        .computeHint(HintRequest(figure: game.board, fixed: game.placedPlacements, preferred: [], limit: 1))
    }

    private mutating func playbackAnswer(_ result: HintResult, now: Double) -> [GameEffect] {
        if let problem = result.problem {
            stopPlayback(saying: "No solution: \(problem)")
            return []
        }
        guard result.completions > 0, let next = result.suggestion else {
            guard game.tilesOnBoard > 0 else {
                stopPlayback(saying: "No solution: this board cannot be filled with these tiles")
                return []
            }
            let cleared = game.apply(.clearBoard, now: now)
            note = .note("No solution with those tiles: showing one from the start (any key stops)")
            return cleared + [nextPlaybackRequest()]
        }
        nextPlaybackStep = PlaybackStep(placement: next, at: now + Self.playbackStep)
        return [.wake(at: now + Self.playbackStep)]
    }

    /// Puts down the next tile of the solution being shown when its time has come, and asks
    /// for the one after; the midend calls it at the time asked for (`GameEffect.wake(at:)`).
    @discardableResult
    public mutating func tick(now: Double) -> [GameEffect] {
        guard isShowingSolution, let step = nextPlaybackStep, now >= step.at else { return [] }
        nextPlaybackStep = nil
        guard let i = game.tiles.indices.first(where: { game.tiles[$0].letter == step.placement.piece && !game.isOnBoard($0) }) else {
            stopPlayback(saying: "Stopped showing the solution")
            return []
        }
        let keep = note
        let placed = apply(.place(tile: i, step.placement), now: now)
        if game.isComplete {
            isShowingSolution = false
            note = .note("That is one solution (\(common.keyName(for: .undo)) takes it back tile by tile)")
            return placed
        }
        note = keep
        return placed + [nextPlaybackRequest()]
    }

    private mutating func stopPlayback(saying message: String) {
        isShowingSolution = false
        nextPlaybackStep = nil
        note = .note(message)
    }

    // MARK: The pointer

    /// Applies a pointer report from the gesture director.
    @discardableResult
    mutating func apply(_ pointer: PentominoPointer, now: Double) -> [GameEffect] {
        if case .hover(let cell) = pointer {
            guard followsPointer, cell != game.cursor else { return [] }
            clickHold.followed = true
            return apply(PentominoCommand.move(dx: cell.x - game.cursor.x, dy: cell.y - game.cursor.y), now: now)
        }
        if isShowingSolution { stopPlayback(saying: "Stopped showing the solution") }
        let hold = clickHold
        clickHold = ClickHold()
        switch pointer {
        case .press(let cell):
            guard game.tile(at: cell) != nil else { return [] }
            grab = cell
            // Lifted where it lies: the square grabbed stays under the pointer all the way and
            // is where the tile goes down (a touch app's finger offset, a row or two up, made
            // every drop land off the square the player let go on; a mouse pointer hides no tile).
            return apply(PentominoCommand.liftAt(cell), now: now)
        case .drag(let cell):
            guard let last = grab, game.lifted != nil else { return [] }
            grab = cell
            return apply(PentominoCommand.move(dx: cell.x - last.x, dy: cell.y - last.y), now: now)
        case .release:
            guard grab != nil else { return [] }
            grab = nil
            return game.lifted == nil ? [] : apply(PentominoCommand.drop, now: now)
        case .cancel:
            guard grab != nil else { return [] }
            grab = nil
            return game.lifted == nil ? [] : apply(PentominoCommand.putBack, now: now)
        case .tap(let cell):
            guard let lifted = game.lifted else {
                let effects = apply(PentominoCommand.liftAt(cell), now: now)
                clickHold = ClickHold(picked: game.lifted != nil)
                return effects
            }
            if game.tile(at: cell) == lifted, !hold.followed {
                clickHold = ClickHold(picked: hold.picked)
                return apply(PentominoCommand.turn(clockwise: true), now: now)
            }
            var effects = apply(PentominoCommand.move(dx: cell.x - game.cursor.x, dy: cell.y - game.cursor.y), now: now)
            effects += apply(PentominoCommand.drop, now: now)
            return effects
        case .longPress(let cell):
            guard let tile = game.tile(at: cell), tile != game.lifted else { return [] }
            let effects = apply(PentominoCommand.liftAt(cell), now: now)
            note = .note("Picked up \(game.tiles[tile].letter): drag it, or click where it goes")
            clickHold = ClickHold(picked: true)
            return effects
        case .turnOver(let cell):
            if game.lifted == nil, game.tile(at: cell) != nil { _ = apply(PentominoCommand.liftAt(cell), now: now) }
            clickHold = ClickHold(picked: hold.picked || game.lifted != nil)
            return game.lifted == nil ? [] : apply(PentominoCommand.turnOver, now: now)
        case .turn(let clockwise):
            clickHold = ClickHold(picked: hold.picked)
            return apply(PentominoCommand.turn(clockwise: clockwise), now: now)
        case .hover:
            return []
        }
    }

    // MARK: The screen

    /// The hint's suggested tile, where it would go: drawn as a ghost on the board.
    var ghost: (letter: Character, cells: [Cell])? {
        guard let suggestion = game.hint?.suggestion, let piece = game.board.pieceSet.piece(suggestion.piece) else { return nil }
        return (suggestion.piece, suggestion.cells(of: piece.shape).map { Cell($0.x, $0.y, 0) })
    }

    /// Where the picture goes on a `width` x `height` screen: between the status and feedback lines.
    static func pictureArea(width: Int, height: Int) -> Rect {
        Rect(column: 0, row: 1, width: width, height: max(0, height - 2))
    }

    /// The board as drawn on a screen of this size: the large picture when it fits, else the
    /// compact one.
    func picture(width: Int, height: Int) -> any FlatBoardPicture {
        let area = Self.pictureArea(width: width, height: height)
        return BoardPicture(game: game, area: area, ghost: ghost) ?? CompactBoardPicture(game: game, area: area, ghost: ghost)
    }

    /// A screen position inside square `cell`, for a screen of this size.
    func screenPosition(of cell: Cell, width: Int, height: Int) -> (column: Int, row: Int) {
        picture(width: width, height: height).screenPosition(of: cell)
    }

    /// The board square under a screen position, read from the picture: the ground the board
    /// pictures lay under every cell of `canvas` (a view of this session), whatever is drawn on
    /// top (a tile, a grid line, the lifted tile, the status line). This is where a click or a
    /// drag lands; which tile a drag starts on is the cell's id (`node(for:)`). Nil off the canvas.
    static func square(atColumn column: Int, row: Int, in canvas: Canvas) -> Cell? {
        guard canvas.contains(column: column, row: row),
              case let .floor(x, y) = canvas.ground(column: column, row: row) else { return nil }
        return Cell(x, y, 0)
    }

    /// The picture for a terminal of `width` columns and `height` rows, in the colours `style`
    /// allows, between the lines the midend lays out (`status`). Tile squares carry `.piece(piece:
    /// tile index, cube: square index, face: .top)` ids, board squares `.floor(x:y:)`.
    public func view(width: Int, height: Int, now: Double, style: RenderStyle, lit: Set<Int>?) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        picture(width: width, height: height).draw(into: &canvas, style: style)
        return canvas
    }

    /// The top and bottom lines' facts: the board, the tiles placed (a puzzle's fixed tiles
    /// counted apart, said to be grey), the moves; what the last command said, or the keys that
    /// act now, named from the key table as bound (`Settings.pentoKeys`).
    var status: ScreenStatus {
        let placed = game.fixedCount == 0 ? "\(game.tilesOnBoard)/\(game.tiles.count) on the board"
            : "\(game.tilesOnBoard)/\(game.tiles.count - game.fixedCount) placed, \(game.fixedCount) fixed (grey)"
        let keys = bound.own
        let reminders: [Reminder]
        if game.lifted == nil {
            let capitals = Set(game.tiles.map(\.letter)).filter { keys.action(for: .character($0)) == .command(.lift($0)) }
            let pick = keys.keyNames(capitals.sorted().map { .command(.lift($0)) })
            let next = keys.keyName(for: .command(.liftNext(forward: true)))
            reminders = [Reminder(keys: pick.isEmpty ? next : "\(pick) or \(next)", "pick up"), Reminder("drag a tile"),
                         keys.reminder(.hint, "hint"), keys.reminder(.showSolution, "solution")]
        } else {
            let carry = [PentominoCommand.move(dx: 0, dy: 1), .move(dx: 0, dy: -1), .move(dx: -1, dy: 0), .move(dx: 1, dy: 0)]
            let turn = keys.keyName(for: .command(.turn(clockwise: true))) + "/" + keys.keyName(for: .command(.turn(clockwise: false)))
            reminders = [keys.reminder(carry.map { .command($0) }, "carry"), Reminder(keys: turn, "turn"),
                         keys.reminder(.command(.turnOver), "turn over"), keys.reminder(.dropOrLift, "put down"),
                         keys.reminder(.command(.putBack), "put back")]
        }
        var status = ScreenStatus(fields: [game.board.name, placed, "moves \(game.moves)"],
                                  bottom: [BottomLine(message: game.feedback ?? note, reminders: reminders)])
        status.play = game.play
        status.showsSolve = game.isComplete && game.completed
        status.solvedBySolver = assisted
        status.noun = "board"
        status.pieces = game.tiles.count
        return status
    }
}
