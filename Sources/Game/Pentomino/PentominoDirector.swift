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
    private let actions = RecognizerActions()
    private let metrics: CellMetrics
    /// The carry as a Gesturable plan: Draggable carries the grabbed square of the tile with the
    /// pointer (`CarriedPoint`). The wheel's pinch and twist turn the tile in hand a quarter turn
    /// per gesture, which way their first delta says.
    private let performer: GesturablePerformer
    private let carried: CarriedPoint

    private enum Report {
        case press(column: Int, row: Int)
        case drag(column: Int, row: Int)
        case release
        case cancel
        case longPress(column: Int, row: Int)
        case turnOver(column: Int, row: Int)
        case tap(column: Int, row: Int)
        case turn(clockwise: Bool)
        case hover(column: Int, row: Int)
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
        carried = CarriedPoint(metrics: manager.metrics)
        performer = GesturablePerformer(target: carried, manager: manager)
        performer.add(Draggable(recognizer: graph.objectPan))
        // Runs after the plan's performer: the carried point is where the pointer has taken it.
        on(graph.objectPan) { director, s in
            if s.state == .began { director.carried.grab(s) }
            let here = director.carried.cell
            switch s.state {
            case .began:
                // The plan has carried the tile from the grip by the first delta already.
                let start = director.metrics.cell(director.carried.grip)
                director.pending += [.press(column: start.col, row: start.row), .drag(column: here.col, row: here.row)]
            case .changed:
                director.pending.append(.drag(column: here.col, row: here.row))
            case .ended:
                director.pending += [.drag(column: here.col, row: here.row), .release]
                director.carried.letGo()
            case .cancelled:
                director.carried.letGo()
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
            guard s.state == .began, case let .rotation(_, delta, _) = s.values, delta != 0 else { return }
            director.pending.append(.turn(clockwise: delta > 0))
        }
        on(graph.pinch) { director, s in
            guard s.state == .began, case let .pinch(_, delta, _) = s.values, delta != 1 else { return }
            director.pending.append(.turn(clockwise: delta > 1))
        }
    }

    /// The pointer moved with no button held (the tile in hand follows it).
    public func pointerMoved(column: Int, row: Int) {
        pending.append(.hover(column: column, row: row))
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
            groundPicture = (board, width, height, session.view(width: width, height: height, now: now, style: .blocks256, lit: nil))
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
            case let .hover(c, r): return at(c, r) { .hover($0) }
            }
        }
    }

    private func on(_ recognizer: GestureRecognizer, _ body: @escaping (PentominoDirector, GestureSnapshot) -> Void) {
        actions.add(to: recognizer, for: self, body)
    }
}
