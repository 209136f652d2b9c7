import Gestures

/// The designer's interaction on top of the gesture core, as the games have theirs: a stroke of
/// any mouse button (primary adds and paints, secondary erases, a stroke on space orbits; see
/// `DesignerSession.handle(_:)`), and the wheel's synthetic pinch or twist to zoom, one step per
/// notch. It only records what happened, as `DesignerPointer` reports in screen cells;
/// `flush(into:)` applies them to the session, which hit-tests them against its own picture.
public final class DesignerDirector {
    let stroke = StrokeGestureRecognizer()
    let pinch = PinchGestureRecognizer(name: "wheel")
    let twist = RotationGestureRecognizer(name: "twist")
    private let metrics: CellMetrics
    /// The wheel as Gesturable plans: Pinchable zooms, Rotatable (Alt+wheel) zooms too.
    private let performers: [GesturablePerformer]
    private let zoom: PlanTarget, turn: PlanTarget
    private var pending: [DesignerPointer] = []
    private var tokens: [(GestureRecognizer, ActionToken)] = []

    public init(manager: GestureManager) {
        metrics = manager.metrics
        stroke.allowedSources = [.mouseLeft, .mouseRight, .mouseMiddle]
        pinch.allowedSources = .synthetic
        twist.allowedSources = .synthetic
        for r in [stroke, pinch, twist] as [GestureRecognizer] { manager.add(r, to: .root) }
        pinch.recognizeSimultaneously(with: twist)
        (zoom, turn) = (PlanTarget(metrics: manager.metrics), PlanTarget(metrics: manager.metrics))
        let plans: [(PlanTarget, Gesturable)] = [(zoom, Pinchable(recognizer: pinch)), (turn, Rotatable(recognizer: twist))]
        performers = GesturablePerformer.run(plans, manager: manager)
        on(stroke) { director, s in
            let (column, row) = director.metrics.cell(s.location)
            switch s.state {
            case .began:
                guard case .mouse(let button)? = s.source else { return }
                let pressed: DesignerPointer.Button = switch button {
                case .left: .primary
                case .right: .secondary
                case .middle: .middle
                }
                director.pending.append(.press(pressed, column: column, row: row))
            case .changed: director.pending.append(.drag(column: column, row: row))
            case .ended: director.pending.append(.release(column: column, row: row))
            case .cancelled: director.pending.append(.cancel)
            default: break
            }
        }
        // The wheel zooms one step per notch, whether it comes as a pinch or (with Alt) a twist.
        on(pinch) { director, s in
            let factor = director.zoom.take().scale
            guard s.state == .began || s.state == .changed, factor != 1 else { return }
            director.pending.append(.wheel(up: factor > 1))
        }
        on(twist) { director, s in
            let radians = director.turn.take().radians
            guard s.state == .began || s.state == .changed, radians != 0 else { return }
            director.pending.append(.wheel(up: radians < 0))
        }
    }

    deinit {
        for (recognizer, token) in tokens { recognizer.removeAction(token) }
    }

    /// Applies what the gestures did since the last call to `session`, in order.
    func flush(into session: inout DesignerSession) -> [GameEffect] {
        let reports = pending
        pending.removeAll()
        return reports.flatMap { session.handle($0) }
    }

    private func on(_ recognizer: GestureRecognizer, _ body: @escaping (DesignerDirector, GestureSnapshot) -> Void) {
        let token = recognizer.addAction { [weak self] snapshot in
            guard let self else { return }
            body(self, snapshot)
        }
        tokens.append((recognizer, token))
    }
}
