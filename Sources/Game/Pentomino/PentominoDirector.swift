import Gestures
import Polycube
import Scene

/// The pentomino interaction on top of the gesture core: the game graph without swipes and
/// without the reset shake (a flick on a tile is a short drag here), its object pan carrying
/// tiles (it begins only on a tile's own squares: the hit test answers per square, never per
/// bounding box), clicks picking up, turning and putting down, a right click or a double click
/// turning over, a long press picking up a tile among others, the wheel turning the tile in hand.
///
/// Like `SomaDirector`, it only records what happened; `flush(into:width:height:now:)` reads the
/// board square under each screen position from the session's picture (the canvas's ground
/// layer) and applies the reports to the session.
public final class PentominoDirector {
    let graph: GameGestureGraph
    /// Holding still on a tile picks it up without moving it.
    let longPress: LongPressGestureRecognizer
    /// A right click turns a tile over.
    let rightTap: TapGestureRecognizer
    private var pending: [Report] = []
    /// The picture whose ground answers where reports land, with the board and screen size it
    /// was drawn for: the ground depends on nothing else (tiles move over it), so a drag's
    /// stream of reports does not draw the whole screen again for each one.
    private var groundPicture: (board: String, width: Int, height: Int, canvas: Canvas)?
    private var tokens: [(GestureRecognizer, ActionToken)] = []
    private let metrics: CellMetrics
    /// The interactions as Gesturable plans: Draggable carries the tile, Pinchable and Rotatable
    /// (the wheel) turn the tile in hand.
    private let performers: [GesturablePerformer]
    private let tile: PlanTarget, pinchTurn: PlanTarget, twist: PlanTarget
    /// Where the carry began, in iso units: the tile is where the plan has carried it from there.
    private var grip = GPoint.zero

    private enum Report {
        case press(column: Int, row: Int)
        case drag(column: Int, row: Int)
        case release
        case cancel
        case longPress(column: Int, row: Int)
        case turnOver(column: Int, row: Int)
        case tap(column: Int, row: Int)
        case turn(clockwise: Bool)
    }

    /// Attaches the graph to `manager`. Touches that begin on a tile square must carry
    /// `NodeID(tileIndex)` (see `PentominoSession.node(for:)`).
    public init(manager: GestureManager) {
        metrics = manager.metrics
        graph = GameGestureGraph(manager: manager)
        for s in graph.swipes { s.isEnabled = false }
        graph.reset.isEnabled = false
        longPress = LongPressGestureRecognizer(name: "longPress")
        longPress.allowedSources = .mouseLeft
        longPress.allowableMovement = 0.5
        rightTap = TapGestureRecognizer(name: "rightTap")
        rightTap.allowedSources = .mouseRight
        for r in [longPress, rightTap] as [GestureRecognizer] {
            r.delegate = graph.delegate
            manager.add(r)
        }
        (tile, pinchTurn, twist) = (PlanTarget(metrics: manager.metrics), PlanTarget(metrics: manager.metrics),
                                    PlanTarget(metrics: manager.metrics))
        let plans: [(PlanTarget, Gesturable)] = [
            (tile, Draggable(recognizer: graph.objectPan)),
            (pinchTurn, Pinchable(recognizer: graph.pinch)),
            (twist, Rotatable(recognizer: graph.rotation)),
        ]
        performers = GesturablePerformer.run(plans, manager: manager)
        // Each action below runs after its plan's performer, and reads what the plan did.
        on(graph.objectPan) { director, s in
            switch s.state {
            case .began:
                let t = s.values.panTranslation
                director.grip = GPoint(x: s.location.x - t.x, y: s.location.y - t.y)
                let start = director.metrics.cell(director.grip)
                // The plan has carried the tile from the grip by the first delta already.
                let here = director.carried(director.tile.offset)
                director.pending += [.press(column: start.col, row: start.row), .drag(column: here.col, row: here.row)]
            case .changed:
                let here = director.carried(director.tile.offset)
                director.pending.append(.drag(column: here.col, row: here.row))
            case .ended:
                let here = director.carried(director.tile.offset)
                director.pending += [.drag(column: here.col, row: here.row), .release]
                director.tile.position = .zero
            case .cancelled:
                director.tile.position = .zero
                director.pending.append(.cancel)
            default:
                break
            }
        }
        on(graph.tap) { director, s in
            let p = director.metrics.cell(s.location)
            director.pending.append(.tap(column: p.col, row: p.row))
        }
        on(graph.doubleTap) { director, s in
            let p = director.metrics.cell(s.location)
            director.pending.append(.turnOver(column: p.col, row: p.row))
        }
        on(rightTap) { director, s in
            let p = director.metrics.cell(s.location)
            director.pending.append(.turnOver(column: p.col, row: p.row))
        }
        on(longPress) { director, s in
            guard s.state == .began else { return }
            let p = director.metrics.cell(s.location)
            director.pending.append(.longPress(column: p.col, row: p.row))
        }
        // The wheel (a synthetic pinch or twist pair) turns the tile in hand, one quarter turn
        // per gesture: continuous values would spin it several times per notch.
        on(graph.rotation) { director, s in
            let radians = director.twist.take().radians
            guard s.state == .began, radians != 0 else { return }
            director.pending.append(.turn(clockwise: radians > 0))
        }
        on(graph.pinch) { director, s in
            let scale = director.pinchTurn.take().scale
            guard s.state == .began, scale != 1 else { return }
            director.pending.append(.turn(clockwise: scale > 1))
        }
    }

    /// The screen cell the tile has been carried to: the grip plus the plan's carried distance.
    private func carried(_ distance: GPoint) -> (col: Int, row: Int) {
        metrics.cell(GPoint(x: grip.x + distance.x, y: grip.y + distance.y))
    }

    deinit {
        for (recognizer, token) in tokens { recognizer.removeAction(token) }
    }

    /// Applies what the gestures did since the last call to `session`, for a screen of
    /// `width` x `height` cells.
    @discardableResult
    public func flush(into session: inout PentominoSession, width: Int, height: Int, now: Double) -> [GameEffect] {
        let reports = pending
        pending.removeAll()
        guard !reports.isEmpty else { return [] }
        // Where each report lands is read from the picture: the ground of the screen's cells.
        // It depends only on the board and the screen's size, which stay put while tiles move,
        // so one picture serves every report until either changes.
        let board = session.game.board.name
        if groundPicture?.board != board || groundPicture?.width != width || groundPicture?.height != height {
            groundPicture = (board, width, height, session.view(width: width, height: height, now: now))
        }
        let picture = groundPicture!.canvas
        return reports.flatMap { report -> [GameEffect] in
            func at(_ c: Int, _ r: Int, _ pointer: (Cell) -> PentominoPointer) -> [GameEffect] {
                guard let square = PentominoSession.square(atColumn: c, row: r, in: picture) else { return [] }
                return session.apply(pointer(square), now: now)
            }
            switch report {
            case let .press(c, r): return at(c, r) { .press($0) }
            case let .drag(c, r): return at(c, r) { .drag(to: $0) }
            case .release: return session.apply(PentominoPointer.release, now: now)
            case let .tap(c, r): return at(c, r) { .tap($0) }
            case .cancel: return session.apply(PentominoPointer.cancel, now: now)
            case let .longPress(c, r): return at(c, r) { .longPress($0) }
            case let .turnOver(c, r): return at(c, r) { .turnOver($0) }
            case let .turn(clockwise): return session.apply(PentominoPointer.turn(clockwise: clockwise), now: now)
            }
        }
    }

    private func on(_ recognizer: GestureRecognizer, _ body: @escaping (PentominoDirector, GestureSnapshot) -> Void) {
        let token = recognizer.addAction { [weak self] snapshot in
            guard let self else { return }
            body(self, snapshot)
        }
        tokens.append((recognizer, token))
    }
}

extension GestureValues {
    /// The cumulative pan translation in iso units (zero for other gestures).
    var panTranslation: GPoint {
        if case let .pan(t, _, _) = self { return t }
        return .zero
    }
}
