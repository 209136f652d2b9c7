import Gestures
import Scene

/// The Soma interaction design on top of the gesture core: the recognizer graph of spec B9 (the
/// SceneKit Soma app's, made precise) with actions that turn its snapshots into pointer reports
/// for a `SomaSession`.
///
/// - drag a piece: carry it over the floor plane of its layer; release drops it;
/// - drag off every piece: orbit the camera;
/// - flick a piece (press, move 3 cells, release within 200 ms): tumble it 90 degrees about the
///   screen axis across the flick;
/// - click a piece: select it; click the selected piece: turn it about the line of sight;
/// - double click a piece: drop it; wheel (synthetic pinch): zoom toward the pointer;
/// - shake on empty space: all pieces back to the start.
///
/// The director is the one reference type of the game layer, because recognizers are objects
/// with actions; it only records what happened. The terminal loop calls `flush(into:now:)` after
/// each `GestureManager.handle` or `tick`, which applies the reports to the session value.
///
/// A terminal cannot tell a flick from a drag while the pointer moves (see
/// `SwipeGestureRecognizer.decidesAtRelease`), so the graph runs with flicks decided at release:
/// the carry starts at the first motion report, and a gesture that ends as a flick becomes one
/// `.flick` report, which takes the carry back and turns the piece as one move.
public final class SomaDirector {
    public let graph: GameGestureGraph
    private let metrics: CellMetrics
    private var pending: [SomaPointer] = []
    private let actions = RecognizerActions()
    /// The interactions as Gesturable plans on what the player sees move: Draggable carries the
    /// grabbed spot of the piece with the pointer (`CarriedPoint`), Pinchable zooms the camera
    /// toward the pointer (`CameraRig`), the twist turns its yaw; the orbit of a drag on empty
    /// space is the pan's own delta.
    private let performers: [GesturablePerformer]
    private let carried: CarriedPoint, camera: CameraRig
    /// A carry is under way (objectPan began and its end has not been reported).
    private var carrying = false
    /// objectPan ended in this dispatch: `flush` reports the end, as a drop or, if a swipe ended
    /// in the same dispatch, as a flick (the two actions may come in either order).
    private var carryEnded = false
    private var flick: (piece: Int, direction: ScreenDirection)?

    /// Attaches the B9 graph to `manager`. Touches must carry `NodeID(pieceIndex)` as their hit
    /// node when they begin on a piece (see `SomaSession.node(for:)`), and no node otherwise.
    public init(manager: GestureManager) {
        graph = GameGestureGraph(manager: manager, flicksAtRelease: true)
        metrics = manager.metrics
        (carried, camera) = (CarriedPoint(metrics: manager.metrics), CameraRig(metrics: manager.metrics))
        let hand = GesturablePerformer(target: carried, manager: manager)
        hand.add(Draggable(recognizer: graph.objectPan))
        let rig = GesturablePerformer(target: camera, manager: manager)
        rig.add(Pinchable(recognizer: graph.pinch))
        performers = [hand, rig]
        // The twist's angle is the camera's yaw change as it is: no plan, no quaternion to read
        // an angle back out of.
        on(graph.rotation) { director, s in
            guard s.state == .began || s.state == .changed, case let .rotation(_, delta, _) = s.values, delta != 0 else { return }
            director.pending.append(.turnView(radians: delta))
        }
        // Runs after the plan's performer: the carried point is where the pointer has taken it.
        on(graph.objectPan) { director, s in
            let here = director.carried.carried
            switch s.state {
            case .began:
                guard let node = s.initialHit else { return director.carried.letGo() }
                director.carrying = true
                director.pending += [.beginDrag(piece: node.raw), .carry(columns: here.columns, rows: here.rows)]
            case .changed:
                director.pending.append(.carry(columns: here.columns, rows: here.rows))
            case .ended:
                director.pending.append(.carry(columns: here.columns, rows: here.rows))
                director.carried.letGo()
                director.carryEnded = true
            case .cancelled:
                director.carried.letGo()
                director.carrying = false
                director.pending.append(.cancelDrag)
            default:
                break
            }
        }
        on(graph.cameraPan) { director, s in
            guard s.state == .began || s.state == .changed || s.state == .ended,
                  case let .pan(_, delta, _) = s.values else { return }
            let d = director.metrics.cells(delta)
            director.pending.append(.orbit(columns: d.x, rows: d.y))
        }
        for swipe in graph.swipes {
            on(swipe) { director, s in
                guard case let .swipe(direction, _) = s.values, let node = s.initialHit else { return }
                if director.carrying {
                    director.flick = (node.raw, ScreenDirection(direction))
                } else {
                    director.pending.append(.swipe(piece: node.raw, ScreenDirection(direction)))
                }
            }
        }
        on(graph.tap) { director, s in
            director.pending.append(.tap(piece: s.initialHit?.raw, at: director.metrics.cells(s.location)))
        }
        on(graph.doubleTap) { director, s in director.pending.append(.doubleTap(piece: s.initialHit?.raw)) }
        on(graph.reset) { director, _ in director.pending.append(.shake) }
    }

    /// Applies what the gestures did since the last call to `session`, in order.
    @discardableResult
    public func flush(into session: inout SomaSession, now: Double) -> [GameEffect] {
        if camera.hasMoved {
            // The pinch zooms toward its anchor (the pair stays centred on the pointer, spec B8).
            pending.append(.zoom(factor: camera.zoom, column: camera.anchor.column, row: camera.anchor.row))
            camera.commit()
        }
        if carryEnded {
            pending.append(flick.map { .flick(piece: $0.piece, $0.direction) } ?? .endDrag)
            (carrying, carryEnded, flick) = (false, false, nil)
        }
        let reports = pending
        pending.removeAll()
        return reports.flatMap { session.apply($0, now: now) }
    }

    private func on(_ recognizer: GestureRecognizer, _ body: @escaping (SomaDirector, GestureSnapshot) -> Void) {
        actions.add(to: recognizer, for: self, body)
    }
}
