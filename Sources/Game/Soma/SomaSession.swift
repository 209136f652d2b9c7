import Gestures
import Polycube
import Scene

/// One sitting at a Soma figure: the game and the view of it. This is the screen the midend runs
/// for `soma play`: keys and gesture commands go in, a `Canvas` comes out, and `GameEffect`s tell
/// the midend what else to do (quit, help, menu, run a hint, record a solve).
public struct SomaSession: Sendable, Equatable {
    /// Two sessions are equal when they show the same game the same way; the bookkeeping of a
    /// drag in progress does not count.
    public static func == (a: SomaSession, b: SomaSession) -> Bool {
        a.game == b.game && a.viewpoint == b.viewpoint && a.showsLetters == b.showsLetters
            && a.plain == b.plain
    }

    public private(set) var game: SomaGame
    /// Every piece's letter written on it (`l`); the selected piece's always is.
    public private(set) var showsLetters = false
    /// Plain mode (`--plain`, `SOMA_PLAIN=1`): the plan instead of the 3-D scene and the
    /// position in words on the bottom line, for a braille display or a screen reader.
    public var plain = false
    /// How much the game helps a piece find its place (`Settings.assist`, `--assist`).
    public var assist: Assist {
        get { game.assist }
        set { game.assist = newValue }
    }
    /// The keys, as the player's settings bound them (`Settings.keys`); the game's messages
    /// name them so.
    var keys = SomaKeyMap.table {
        didSet { game.reminders = SomaKeyMap.reminders(keys, common) }
    }
    /// The common keys (help, quit, undo...), as the player's settings bound them; the midend
    /// carries them out, the status lines and messages name them.
    var common = SomaKeyMap.common {
        didSet { game.reminders = SomaKeyMap.reminders(keys, common) }
    }
    /// The first digit of a two-digit piece number (sets of ten or more pieces) and when it was
    /// typed: a second digit within `digitWindow` seconds makes the number (quick enough that a
    /// player who picks piece 1 and then, looking, piece 2, gets piece 2).
    private var pendingDigit: (digit: Int, at: Double)?
    /// How long the first digit of a piece number waits for a second one.
    static let digitWindow = 0.7
    /// How the scene is looked at.
    private(set) var viewpoint: Viewpoint
    /// The terminal's size, from the last `resize`: where the picture is on screen.
    private var screen = (width: 80, height: 24)
    /// The carry in progress, if any.
    private var carry: Carry?
    /// The move count when the current drag began, so a cancelled drag can be taken back.
    private var movesBeforeDrag = 0
    /// The plan cursor's cell while it is shown (`SomaSession+PlanCursor`).
    var planCursor: Cell?
    /// The picture's memory, drawn in again frame after frame (`RenderBuffers`): a new 200x60
    /// frame's 1.6 MB each time was given back to the kernel and faulted in again (issue 34).
    /// Shared by copies of the session, which is safe: it is scratch, taken under a lock.
    private let renderBuffers = RenderBuffers()

    /// A piece in hand: where it was picked up and how far the pointer has gone since.
    private struct Carry: Sendable {
        var piece: Int
        var start: Placement
        var columns = 0.0, rows = 0.0
        /// The pointer is over a spot where the piece finds no room (or off the floor plane):
        /// the piece waits where it last was, and a release there sends it back.
        var blocked = false
    }

    /// How many levels above its own a carried piece may rise to clear what is under it.
    static let carryClearance = 8

    public init(figure: Figure, layoutSeed: UInt64 = 0) {
        self.init(game: SomaGame(figure: figure, layoutSeed: layoutSeed))
    }

    /// Resumes a game (from `Progress.resume`).
    public init(game: SomaGame) {
        self.game = game
        let start = game.pieces.indices.flatMap { game.startPoses[$0].cells(of: game.pieces[$0].shape) }
        // Each cell once: the fit measures every corner of every cell, several times before the
        // first frame, and a new game's pieces lie on their start cells (issue 35: start-up).
        var seen = Set<Cell>()
        viewpoint = Viewpoint(extent: (game.figure.cells + start + game.cells).filter { seen.insert($0).inserted })
        resize(width: 80, height: 24)
    }

    /// Moves keys as the player's settings say (`Settings.keys`: the key that now does what
    /// each key did); the help shows the keys so bound.
    public mutating func remapKeys(_ remap: [GameKey: GameKey]) throws {
        (keys, common) = try SomaKeyMap.common.remapped(with: SomaKeyMap.table, remap)
    }

    /// Tells the session the terminal's size (at start and on every resize), so that drags are
    /// measured against the picture the player sees.
    public mutating func resize(width: Int, height: Int) {
        screen = (width, height)
        let area = Self.pictureArea(width: width, height: height)
        viewpoint.fit(width: area.width, height: area.height)
    }

    // MARK: Input

    /// Handles a key at time `now`.
    @discardableResult
    public mutating func handle(_ key: GameKey, now: Double) -> [GameEffect] {
        guard let action = keys.action(for: key) else { return [] }
        if let effects = planCursorAction(action, now: now) { return effects }
        if let number = pieceNumber(action, key: key, now: now) { return apply(.select(.number(number)), now: now) }
        if let command = command(for: action) { return apply(command, now: now) }
        switch action {
        case .command, .move, .tumble, .spin, .planCursor: break
        case .view(.orbit(let step)): viewpoint.orbit(step)
        case .view(.zoom(let zoomIn)): viewpoint.zoom(by: zoomIn ? 1.25 : 0.8)
        case .view(.reset): viewpoint.reset()
        case .deselect:
            // Esc puts a hint away first, then lets go of the piece.
            return apply(game.hint != nil ? .dismissHint : .select(.none), now: now)
        case .letters: showsLetters.toggle()
        case .watching: return [.toggleWatching]
        }
        return []
    }

    /// The game command a key means in the current view (moves and turns are screen-relative),
    /// or nil for keys that act on the view or the program.
    func command(for key: GameKey) -> SomaCommand? {
        keys.action(for: key).flatMap(command(for:))
    }

    /// A two-digit piece number, when `action` is the second digit of one (`1` then `3` within
    /// `digitWindow` selects piece 13 of Bedlam's thirteen; the `1` alone selected piece 1 at
    /// once). `0` resets the view unless it ends a number. Digits are remembered only in sets of
    /// ten or more pieces, where a number can have two.
    private mutating func pieceNumber(_ action: SomaKeyMap.Action, key: GameKey, now: Double) -> Int? {
        let count = game.pieces.count
        var digit: Int?
        if case .command(.select(.number(let d))) = action { digit = d } else if key == .character("0") { digit = 0 }
        if let first = pendingDigit {
            pendingDigit = nil
            if let digit, now - first.at <= Self.digitWindow, first.digit * 10 + digit <= count {
                return first.digit * 10 + digit
            }
        }
        if count > 9, let digit, digit > 0, digit * 10 <= count { pendingDigit = (digit, now) }
        return nil
    }

    private func command(for action: SomaKeyMap.Action) -> SomaCommand? {
        // With the assist on, the keys steer the ghost from fit to fit (`SomaGame.steer`).
        let assisted = game.assist != .off
        switch action {
        case .command(.move(let step)) where assisted: return .steer(step)
        case .command(let command): return command
        case .move(let step) where plain: return assisted ? .steer(SomaPlan.latticeStep(for: step)) : .move(SomaPlan.latticeStep(for: step))
        case .move(let step): return assisted ? .steer(viewpoint.latticeStep(for: step)) : .move(viewpoint.latticeStep(for: step))
        case .tumble(let step):
            let (axis, turns) = viewpoint.tumble(for: step)
            return assisted ? .steerTurn(axis, by: turns) : .turn(axis, by: turns)
        case .spin(let clockwise):
            let (axis, turns) = viewpoint.spin
            return assisted ? .steerTurn(axis, by: clockwise ? -turns : turns) : .turn(axis, by: clockwise ? -turns : turns)
        default: return nil
        }
    }

    /// Carries out a game command (the gesture director sends these too) and reports what the
    /// loop must do: run a hint, say a move. A solve is the midend's to notice (`facts.status`).
    @discardableResult
    mutating func apply(_ command: SomaCommand, now: Double) -> [GameEffect] {
        game.apply(command, now: now)
    }

    /// True while the figure stands solved: the attempt's solve is on the status line.
    var isShowingSolve: Bool { game.isComplete && game.completed }

    /// Undo or redo (the midend's move list) brought back `position`.
    mutating func restore(_ position: [Placement], undoing: Bool) {
        pendingDigit = nil   // a common key between two digits ends the number, as any key does
        game.restore(position, undoing: undoing)
    }

    /// The common reset key (`ScreenEvent.reset`): every piece back to the start, one move.
    mutating func reset(now: Double) -> [GameEffect] {
        pendingDigit = nil
        return apply(.resetPieces, now: now)
    }

    /// Applies a pointer report from the gesture director.
    @discardableResult
    mutating func apply(_ pointer: SomaPointer, now: Double) -> [GameEffect] {
        if let cell = planCell(pointer) { return apply(.putOnFit(covering: cell), now: now) }
        if startsOnPlan(pointer) { return [] }   // only a click acts on the plan
        switch pointer {
        case .beginDrag(let piece):
            movesBeforeDrag = game.moves
            var effects = apply(.select(.index(piece)), now: now)
            effects += apply(.beginGesture, now: now)
            if game.selection == piece { carry = Carry(piece: piece, start: game.poses[piece]) }
            return effects
        case .drag(let columns, let rows):
            return carried(columns: (carry?.columns ?? 0) + columns, rows: (carry?.rows ?? 0) + rows, now: now)
        case .carry(let columns, let rows):
            return carried(columns: columns, rows: rows, now: now)
        case .endDrag:
            return drop(now: now)
        case .flick(let piece, let step):
            return flick(piece: piece, step, now: now)
        case .cancelDrag:
            carry = nil
            var effects = apply(.endGesture, now: now)
            if game.moves > movesBeforeDrag { effects += apply(.undo, now: now) }
            return effects
        case .orbit(let columns, let rows):
            viewpoint.orbit(columns: columns, rows: rows)
        case .turnView(let radians):
            viewpoint.turn(yawBy: radians)
        case .swipe(let piece, let step):
            var effects = apply(.select(.index(piece)), now: now)
            let (axis, turns) = viewpoint.tumble(for: step)
            effects += apply(.turn(axis, by: turns), now: now)
            return effects
        case .tap(let piece?, _) where piece == game.selection && game.assist != .off && game.isInPlace(piece):
            // In the figure, a click turns the piece in place: to the nearest fit lying so.
            let (axis, turns) = viewpoint.spin
            var effects = apply(.steerTurn(axis, by: turns), now: now)
            effects += apply(.place, now: now)
            return effects
        case .tap(let piece?, let point) where piece == game.selection:
            // About the cube under the pointer: it stays there, so the next click lands on the
            // piece again and turns it on (about its middle, the third click met the floor).
            let (axis, turns) = viewpoint.spin
            if let point, let cube = cube(of: piece, at: point) { return apply(.turnAbout(axis, by: turns, cube: cube), now: now) }
            return apply(.turn(axis, by: turns), now: now)
        case .tap(let piece, _):
            return apply(.select(piece.map(PieceSelector.index) ?? .none), now: now)
        case .doubleTap(let piece?):
            var effects = apply(.select(.index(piece)), now: now)
            effects += apply(.drop, now: now)
            return effects
        case .doubleTap(nil):
            break
        case .zoom(let factor, _, _) where wheelCell(pointer) != nil:
            // The wheel over a plan cell cycles the fits covering it, both ways (down: the next).
            return apply(.cycleOnCell(wheelCell(pointer)!, forward: factor < 1), now: now)
        case .zoom(let factor, let column, let row):
            // (column, row) is a point of the screen, in cells (a cell's centre is + 0.5); the
            // picture's centre is where the camera's pivot is drawn.
            let area = Self.pictureArea(width: screen.width, height: screen.height)
            viewpoint.zoom(by: factor, toward: (column - Double(area.column) - Double(area.width) / 2,
                                                row - Double(area.row) - Double(area.height) / 2))
        case .shake:
            guard game.poses != game.startPoses else { return [] }
            var effects = apply(.resetPieces, now: now)
            effects += apply(.say(.note("Shaken: all pieces back to the start (\(common.keyName(for: .undo)) undoes it)")),
                             now: now)
            return effects
        }
        return []
    }

    /// The figure cell of a click on the plan (`SomaPlan.cellTag`), if the pointer report is one.
    private func planCell(_ pointer: SomaPointer) -> Cell? {
        switch pointer {
        // A double click there is read as one more click (the tap waits for it to fail).
        case .tap(let tag?, _), .doubleTap(let tag?): return SomaPlan.cell(forTag: tag, in: game)
        default: return nil
        }
    }

    /// The plan cell under the wheel, while the assist is on and a piece has fits: the screen's
    /// picture is drawn again to ask which cell is there (the plan's place depends on the legend).
    private func wheelCell(_ pointer: SomaPointer) -> Cell? {
        guard case .zoom(_, let column, let row) = pointer, game.fitChoice != nil,
              column >= 0, row >= 0, column < Double(screen.width), row < Double(screen.height) else { return nil }
        let canvas = view(width: screen.width, height: screen.height, now: 0, style: .ascii, lit: nil)
        guard case .control(let tag) = canvas[Int(column), Int(row)].id else { return nil }
        return SomaPlan.cell(forTag: tag, in: game)
    }

    /// True for a drag or flick that began on a plan cell: they do nothing there.
    private func startsOnPlan(_ pointer: SomaPointer) -> Bool {
        switch pointer {
        case .beginDrag(let node), .flick(let node, _), .swipe(let node, _):
            return node >= game.pieces.count
        default:
            return false
        }
    }

    /// Moves the carried piece under the pointer: the pointer's ray meets the horizontal plane of
    /// the piece's layer, and the piece goes where the grabbed point follows it there, rounded
    /// to whole cells, at its own level or the lowest level above it with room (it hovers over
    /// whatever is under it and comes back down when that is behind it). Height never changes
    /// otherwise: a horizontal plane is what a hand expects to slide a piece on, and the plane
    /// facing the camera made a drag toward the back of the screen lift the piece.
    private mutating func carried(columns: Double, rows: Double, now: Double) -> [GameEffect] {
        guard var c = carry else { return [] }
        (c.columns, c.rows) = (columns, rows)
        defer { carry = c }
        guard let target = hoverPose(for: c) else {
            c.blocked = true
            return []
        }
        c.blocked = false
        let here = game.poses[c.piece]
        guard target != here else { return [] }
        var effects = apply(.move(target.offset - here.offset), now: now)
        // Over the figure the piece in hand snaps: the ghost shows the fit a release takes.
        if game.assist != .off, game.isOverFigure(c.piece) { effects += apply(.snapToPiece, now: now) }
        return effects
    }

    /// Where the carried piece hovers for the pointer's travel so far, or nil when there is no
    /// room within `carryClearance` levels (or the floor is seen edge-on).
    private func hoverPose(for c: Carry) -> Placement? {
        guard let d = viewpoint.floorDelta(forScreen: c.columns, c.rows),
              abs(d.x) < 1000, abs(d.y) < 1000 else { return nil }
        let shift = Cell(Int(d.x.rounded()), Int(d.y.rounded()), 0)
        for lift in 0...Self.carryClearance {
            let delta = shift + Cell(0, 0, lift)
            if let pose = game.pose(c.start, piece: c.piece, after: .move(delta)) {
                return pose.offset == game.poses[c.piece].offset ? game.poses[c.piece] : pose
            }
        }
        return nil
    }

    /// The end of a carry: the piece drops to the lowest free level under it, as Space does,
    /// and the carry and the drop count and undo as one move. Let go where it has no room, it
    /// goes back where it came from and the bottom line says so (the pentomino game's rule).
    private mutating func drop(now: Double) -> [GameEffect] {
        defer { carry = nil }
        var effects: [GameEffect] = []
        if let c = carry {
            if game.assist != .off, game.ghost != nil, game.isOverFigure(c.piece) {
                // Released over the figure: the piece goes on the fit its ghost shows.
                effects += apply(.place, now: now)
            } else if c.blocked {
                effects += putBack(c, now: now)
                effects += apply(.say(.refused(.noRoom)), now: now)
            } else if game.pose(game.poses[c.piece], piece: c.piece, after: .move(Cell(0, 0, -1))) != nil {
                effects += apply(.drop, now: now)
            }
        }
        let message = game.feedback
        effects += apply(.endGesture, now: now)
        if let message { effects += apply(.say(message), now: now) }
        return effects
    }

    /// The end of a carry that was a flick: the piece goes back to where the carry took it from
    /// and tumbles, all as one move (one undo step).
    private mutating func flick(piece: Int, _ step: ScreenDirection, now: Double) -> [GameEffect] {
        var effects: [GameEffect] = []
        if let c = carry, c.piece == piece { effects += putBack(c, now: now) }
        carry = nil
        effects += apply(.select(.index(piece)), now: now)
        let (axis, turns) = viewpoint.tumble(for: step)
        effects += apply(.turn(axis, by: turns), now: now)
        let message = game.feedback
        effects += apply(.endGesture, now: now)
        if let message { effects += apply(.say(message), now: now) }
        return effects
    }

    /// Which cube of piece `piece` the picture draws at screen point `point` (in cells), read
    /// from the hit ids of the picture as drawn in the default style (the other styles sample
    /// the same faces, so at most a cell on an edge between two cubes can differ); nil when the
    /// point is off the picture or on something else.
    func cube(of piece: Int, at point: GPoint) -> Int? {
        guard !plain else { return nil }
        let area = Self.pictureArea(width: screen.width, height: screen.height)
        // Untrusted numbers: finite and on the picture before they become integers.
        guard point.x.isFinite, point.y.isFinite, point.x >= Double(area.column), point.y >= Double(area.row),
              point.x < Double(area.column + area.width), point.y < Double(area.row + area.height) else { return nil }
        let column = Int(point.x) - area.column, row = Int(point.y) - area.row
        let camera = viewpoint.camera(width: area.width, height: area.height)
        let frame = SceneRenderer.render(game.sceneModel(letters: false, lit: nil), camera: camera, width: area.width,
                                         height: area.height, style: .blocks256, buffers: renderBuffers)
        guard case let .piece(hit, cube, _) = frame.canvas[column, row].id, hit == piece else { return nil }
        return cube
    }

    /// Moves the carried piece back to where it was picked up (inside the gesture, so it is part
    /// of the same move). The spot is free: nothing else moved while the piece was in hand.
    private mutating func putBack(_ c: Carry, now: Double) -> [GameEffect] {
        let here = game.poses[c.piece]
        guard here != c.start else { return [] }
        return apply(.move(c.start.offset - here.offset), now: now)
    }

    // MARK: The screen

    static let legendWidth = 22

    /// The picture area on a `width` x `height` screen: left of the legend, between the status
    /// line and the feedback line.
    static func pictureArea(width: Int, height: Int) -> Rect {
        let legend = width >= 60 ? legendWidth : 0
        return Rect(column: 0, row: 1, width: max(0, width - legend), height: max(0, height - 2))
    }

    /// The picture for a terminal of `width` columns and `height` rows, drawn in `style` (what
    /// the terminal can show: `RenderStyle.automatic`), between the top and bottom lines the
    /// midend lays out (`status`). Every cell carries its hit id: pieces as `.piece(piece:
    /// index, ...)` (see `node(for:)`), legend entries and the plan's cells of a piece as
    /// `.control(index)`. `lit`: the pieces the solved moment lights now.
    public func view(width: Int, height: Int, now: Double, style: RenderStyle, lit: Set<Int>?) -> Canvas {
        let area = Self.pictureArea(width: width, height: height)
        var canvas = Canvas(width: width, height: height)
        let plan = SomaPlan(game: game)
        if plain {
            // The plan is the picture: big, a letter per cell, with the piece in hand marked.
            plan.draw(into: &canvas, in: Rect(column: 1, row: area.row + 1, width: max(0, area.width - 2),
                                              height: max(0, area.height - 1)),
                      selection: game.selection, pieceSet: game.figure.pieceSet, style: style, widest: 4, cursor: planCursor)
        } else {
            drawPicture(into: &canvas, area: area, style: style, lit: lit)
        }
        if area.width < width {
            let legendRows = drawLegend(into: &canvas, column: area.width, height: height, style: style)
            // The plan under the legend: the layers say what the picture cannot (how high, what
            // is still empty).
            let top = 4 + legendRows
            if !plain {
                plan.draw(into: &canvas, in: Rect(column: area.width + 1, row: top, width: width - area.width - 1,
                                                  height: height - 1 - top),
                          selection: game.selection, pieceSet: game.figure.pieceSet, style: style, cursor: planCursor)
            }
        }
        return canvas
    }

    /// The top and bottom lines' facts (`ScreenStatus`): the figure, what is in place, the
    /// moves and the assist; the piece's place and support, what the last command said and the
    /// keys that act now, named from the key tables as bound.
    var status: ScreenStatus {
        let solvedNow = isShowingSolve
        var status = ScreenStatus(fields: [game.figure.shownName, "\(game.piecesInPlace)/\(game.pieces.count) in place",
                                           "moves \(game.moves)"], bottom: bottom(solved: solvedNow))
        status.afterClock = game.helpLabels
        // The plan cursor's line says where it is and what Space puts: no room for the count.
        status.fit = fitText
        status.play = game.play
        status.showsSolve = solvedNow
        status.pieces = game.pieces.count
        return status
    }

    /// How the status line names the keys that select a piece: `Tab or 1-7`, and for sets of
    /// ten or more `Tab or 1-13 (two digits)` (`pieceNumber`).
    var selectionKeys: String {
        let n = game.pieces.count
        let tab = keys.keyName(for: .command(.select(.next)))
        return n > 9 ? "\(tab) or 1-\(n) (two digits)" : "\(tab) or 1-\(n)"
    }

    /// The help overlay's lines: the keys as bound, the digit line saying how far numbers go.
    var helpLines: [HelpLine] {
        let n = game.pieces.count
        return keys.help.map { line in
            guard line.keys == "1-9" else { return line }
            return n > 9 ? HelpLine("1-\(n)", "select piece (10-\(n): two digits quickly)") : HelpLine("1-\(n)", line.text)
        }
    }

    /// The legend: each piece's number, letter and colour, marked when it is in place, the
    /// selected one highlighted. Each entry carries a `control` id (the piece index) so a click
    /// on it selects the piece. Numbers are right-aligned, so `13 M` lines up under ` 9 I`; when
    /// the pieces do not fit one under another they go in columns. Where the picture fills each
    /// piece with its own pattern (`RenderStyle.fillsPieces`) and there is no colour or only
    /// eight, the swatch shows that pattern, so the picture's pieces can be named without their
    /// letters. Returns the rows used.
    @discardableResult
    private func drawLegend(into canvas: inout Canvas, column: Int, height: Int, style: RenderStyle) -> Int {
        canvas.put("Pieces", column: column + 1, row: 2, style: Panels.frameStyle)
        let count = game.pieces.count
        let digits = String(count).count
        let available = max(1, height - 1 - 3 - 4)
        let columns = count <= available ? 1 : min(3, (count + available - 1) / available)
        let rows = (count + columns - 1) / columns
        let entryWidth = Self.legendWidth / columns
        for (i, piece) in game.pieces.enumerated() {
            let row = 3 + i % rows, left = column + (i / rows) * entryWidth
            guard row < height - 1 else { continue }
            let selected = game.selection == i
            let id = HitID.control(i)
            let number = String(i + 1)
            canvas.put(selected ? ">" : " ", column: left, row: row, style: TextStyle(bold: true), id: id)
            canvas.put(String(repeating: " ", count: digits - number.count) + number + " \(piece.letter)", column: left + 1,
                       row: row, style: TextStyle(bold: selected, reverse: selected), id: id)
            var x = left + digits + 3
            let color = PiecePalette.color(for: piece.letter, in: game.figure.pieceSet)
            if style.colors != .none || style.fillsPieces {
                let colour = style.colors == .none ? TerminalColor.default
                    : PiecePalette.terminalColor(color, level: 3, colors: style.colors, scheme: style.palette)
                // The piece's fill where the picture draws one and colour alone cannot tell the
                // pieces apart (no colour, eight colours); otherwise a block of its colour.
                let filled = style.fillsPieces && (style.colors == .none || style.colors == .ansi8)
                let swatch = filled ? FillTexture.of(color).swatch(unicode: style.unicode) : (style.unicode ? "██" : "##")
                canvas.put(swatch, column: x + 1, row: row, style: TextStyle(foreground: colour), id: id)
                x += 3
            }
            if game.isInPlace(i) {
                // Bright green vanishes on a white background (issue 25): a dark green there, not bold
                // (xterm would brighten bold colour 2 back to 10).
                let green: TerminalColor = style.theme == .dark ? .index(10) : (style.colors == .xterm256 ? .index(28) : .index(2))
                canvas.put(columns == 1 ? " in place" : "*", column: x, row: row,
                           style: TextStyle(foreground: green, bold: style.colors == .none), id: id)
            }
        }
        return rows
    }

    /// Fills the picture area with the scene, through the 3D renderer.
    /// `lit`: the pieces the solved moment lights now.
    private func drawPicture(into canvas: inout Canvas, area: Rect, style: RenderStyle, lit: Set<Int>?) {
        let camera = viewpoint.camera(width: area.width, height: area.height)
        // Without colour every piece is lettered (`l` takes the letters off again).
        let letters = showsLetters != (style.colors == .none)
        let frame = SceneRenderer.render(game.sceneModel(letters: letters, lit: lit), camera: camera, width: area.width,
                                         height: area.height, style: style, buffers: renderBuffers)
        canvas.copy(frame.canvas, column: area.column, row: area.row)
    }
}
