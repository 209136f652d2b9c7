import Polycube
import Scene

/// One sitting at a Soma figure: the game, the view of it, the help overlay. This is what the
/// terminal loop owns for `soma play`: keys and gesture commands go in, a `Canvas` comes out,
/// and `GameEffect`s tell the loop what else to do (quit, menu, run a hint, record a solve).
public struct SomaSession: Sendable, Equatable {
    /// Two sessions are equal when they show the same game the same way; the bookkeeping of a
    /// drag in progress does not count.
    public static func == (a: SomaSession, b: SomaSession) -> Bool {
        a.game == b.game && a.showsHelp == b.showsHelp && a.viewpoint == b.viewpoint
    }

    private(set) var game: SomaGame
    private(set) var showsHelp = false
    /// How the scene is looked at.
    private(set) var viewpoint: Viewpoint
    /// The part of the current drag not yet turned into a step, in (columns, rows).
    private var dragRemainder: (columns: Double, rows: Double) = (0, 0)
    /// The move count when the current drag began, so a cancelled drag can be taken back.
    private var movesBeforeDrag = 0

    public init(figure: Figure, layoutSeed: UInt64 = 0) {
        self.init(game: SomaGame(figure: figure, layoutSeed: layoutSeed))
    }

    /// Resumes a game (from `Progress.resume`).
    public init(game: SomaGame) {
        self.game = game
        let start = game.pieces.indices.flatMap { game.startPoses[$0].cells(of: game.pieces[$0].shape) }
        viewpoint = Viewpoint(extent: game.figure.cells + start + game.cells)
        resize(width: 80, height: 24)
    }

    /// Tells the session the terminal's size (at start and on every resize), so that drags are
    /// measured against the picture the player sees.
    public mutating func resize(width: Int, height: Int) {
        let area = Self.pictureArea(width: width, height: height)
        viewpoint.fit(width: area.width, height: area.height)
    }

    // MARK: Input

    /// Handles a key at time `now`.
    @discardableResult
    public mutating func handle(_ key: GameKey, now: Double) -> [GameEffect] {
        if showsHelp {
            showsHelp = false
            return []
        }
        guard let action = SomaKeyMap.action(for: key) else { return [] }
        if let command = command(for: action) { return apply(command, now: now) }
        switch action {
        case .command, .move, .tumble, .spin: break
        case .view(.orbit(let step)): viewpoint.orbit(step)
        case .view(.zoom(let zoomIn)): viewpoint.zoom(by: zoomIn ? 1.25 : 0.8)
        case .view(.reset): viewpoint.reset()
        case .deselect: return apply(.select(.none), now: now)
        case .help: showsHelp = true
        case .menu: return [.openMenu]
        case .quit: return [.quit]
        }
        return []
    }

    /// The game command a key means in the current view (moves and turns are screen-relative),
    /// or nil for keys that act on the view or the program.
    func command(for key: GameKey) -> SomaCommand? {
        SomaKeyMap.action(for: key).flatMap(command(for:))
    }

    private func command(for action: SomaKeyMap.Action) -> SomaCommand? {
        switch action {
        case .command(let command): return command
        case .move(let step): return .move(viewpoint.latticeStep(for: step))
        case .tumble(let step):
            let (axis, turns) = viewpoint.tumble(for: step)
            return .turn(axis, by: turns)
        case .spin(let clockwise):
            let (axis, turns) = viewpoint.spin
            return .turn(axis, by: clockwise ? -turns : turns)
        default: return nil
        }
    }

    /// Carries out a game command (the gesture director sends these too) and reports what the
    /// loop must do: run a hint, record a completion.
    @discardableResult
    mutating func apply(_ command: SomaCommand, now: Double) -> [GameEffect] {
        let wasSolved = game.solved != nil
        var effects = game.apply(command, now: now)
        if !wasSolved, let solved = game.solved { effects.append(.solved(figure: game.figure.name, solved)) }
        return effects
    }

    /// Applies a pointer report from the gesture director.
    @discardableResult
    mutating func apply(_ pointer: SomaPointer, now: Double) -> [GameEffect] {
        switch pointer {
        case .beginDrag(let piece):
            dragRemainder = (0, 0)
            movesBeforeDrag = game.moves
            var effects = apply(.select(.index(piece)), now: now)
            effects += apply(.beginGesture, now: now)
            return effects
        case .drag(let columns, let rows):
            return drag(columns: columns, rows: rows, now: now)
        case .endDrag:
            dragRemainder = (0, 0)
            return apply(.endGesture, now: now)
        case .cancelDrag:
            dragRemainder = (0, 0)
            var effects = apply(.endGesture, now: now)
            if game.moves > movesBeforeDrag { effects += apply(.undo, now: now) }
            return effects
        case .orbit(let columns, let rows):
            viewpoint.orbit(columns: columns, rows: rows)
        case .swipe(let piece, let step):
            var effects = apply(.select(.index(piece)), now: now)
            let (axis, turns) = viewpoint.tumble(for: step)
            effects += apply(.turn(axis, by: turns), now: now)
            return effects
        case .tap(let piece?) where piece == game.selection:
            let (axis, turns) = viewpoint.spin
            return apply(.turn(axis, by: turns), now: now)
        case .tap(let piece):
            return apply(.select(piece.map(PieceSelector.index) ?? .none), now: now)
        case .doubleTap(let piece?):
            var effects = apply(.select(.index(piece)), now: now)
            effects += apply(.drop, now: now)
            return effects
        case .doubleTap(nil):
            break
        case .zoom(let factor):
            viewpoint.zoom(by: factor)
        case .shake:
            return apply(.resetPieces, now: now)
        }
        return []
    }

    /// Turns a drag into lattice steps: the drag accumulates until it covers more than half of
    /// the on-screen length of the step it points along, then the piece moves one cell and that
    /// length is taken off. A refused step drops the rest of the movement, so the piece does not
    /// jump when the pointer comes back.
    private mutating func drag(columns: Double, rows: Double, now: Double) -> [GameEffect] {
        dragRemainder.columns += columns
        dragRemainder.rows += rows
        var effects: [GameEffect] = []
        for _ in 0..<64 {
            let step = viewpoint.worldStep(forScreen: dragRemainder.columns, dragRemainder.rows)
            guard step != .origin else { break }
            let s = viewpoint.screenVector(of: step)
            let length2 = s.columns * s.columns + s.rows * s.rows
            guard length2 > 0 else { break }
            let along = (dragRemainder.columns * s.columns + dragRemainder.rows * s.rows) / length2
            guard along > 0.5 else { break }
            effects += apply(.move(step), now: now)
            if game.feedback?.isRefusal == true {
                dragRemainder = (0, 0)
                break
            }
            dragRemainder.columns -= s.columns
            dragRemainder.rows -= s.rows
        }
        return effects
    }

    // MARK: The screen

    static let legendWidth = 22

    /// The picture area on a `width` x `height` screen: left of the legend, between the status
    /// line and the feedback line.
    static func pictureArea(width: Int, height: Int) -> Rect {
        let legend = width >= 60 ? legendWidth : 0
        return Rect(column: 0, row: 1, width: max(0, width - legend), height: max(0, height - 2))
    }

    /// The whole screen for a terminal of `width` columns and `height` rows at time `now`, drawn
    /// in `style` (what the terminal can show: `RenderStyle.automatic`). Every cell carries its
    /// hit id: pieces as `.piece(piece: index, ...)` (see `node(for:)`), legend
    /// entries as `.control(index)`.
    public func view(width: Int, height: Int, now: Double, style: RenderStyle = .blocks256) -> Canvas {
        let area = Self.pictureArea(width: width, height: height)
        var canvas = Canvas(width: width, height: height)
        drawPicture(into: &canvas, area: area, style: style)
        if area.width < width { drawLegend(into: &canvas, column: area.width, height: height, style: style) }
        let status = [game.figure.name, "\(game.piecesInPlace)/\(game.pieces.count) in place",
                      "moves \(game.moves)", Panels.clock(game.elapsed(now: now))]
        Panels.statusLine(status, trailing: "? help  q quit", width: width, row: 0, into: &canvas)
        let fallback = game.selection == nil ? "Tab or 1-\(game.pieces.count): select a piece   drag: orbit"
                                             : "arrows PgUp PgDn: move   w a s d e: turn   Space: drop   h: hint"
        Panels.feedback(game.feedback, fallback: fallback, width: width, row: height - 1, into: &canvas)
        if let solved = game.solved, game.isComplete {
            Panels.box(title: "Solved!", lines: ["\(game.figure.name): \(solved.moves) moves in \(Panels.clock(solved.seconds))"],
                       in: area, into: &canvas)
        }
        if showsHelp { Panels.help(SomaKeyMap.table.help, title: "Soma: keys", in: Rect(column: 0, row: 1, width: width, height: height - 2), into: &canvas) }
        return canvas
    }

    /// The legend: each piece's number, letter and colour, marked when it is in place, the
    /// selected one highlighted. Each entry carries a `control` id (the piece index) so a click
    /// on it selects the piece.
    private func drawLegend(into canvas: inout Canvas, column: Int, height: Int, style: RenderStyle) {
        canvas.put("Pieces", column: column + 1, row: 2, style: Panels.frameStyle)
        for (i, piece) in game.pieces.enumerated() {
            let row = 3 + i
            guard row < height - 1 else { break }
            let selected = game.selection == i
            let id = HitID.control(i)
            canvas.put(selected ? ">" : " ", column: column, row: row, style: TextStyle(bold: true), id: id)
            canvas.put("\(i + 1) \(piece.letter) ", column: column + 1, row: row, style: TextStyle(bold: selected, reverse: selected), id: id)
            let colour = PiecePalette.terminalColor(PiecePalette.color(for: piece.letter, in: game.figure.pieceSet),
                                                    level: 3, colors: style.colors)
            canvas.put(style.colors == .none ? "[]" : "██", column: column + 5, row: row,
                       style: TextStyle(foreground: colour), id: id)
            canvas.put(game.isInPlace(i) ? " in place" : "", column: column + 7, row: row,
                       style: TextStyle(foreground: .index(10)), id: id)
        }
    }

    /// Fills the picture area with the scene, through the 3D renderer.
    private func drawPicture(into canvas: inout Canvas, area: Rect, style: RenderStyle) {
        let camera = viewpoint.camera(width: area.width, height: area.height)
        let frame = SceneRenderer.render(game.sceneModel(), camera: camera, width: area.width, height: area.height,
                                         style: style)
        for r in 0..<area.height {
            for c in 0..<area.width { canvas[area.column + c, area.row + r] = frame.canvas[c, r] }
        }
    }
}
