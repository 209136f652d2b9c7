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
    /// The wheel's pinch as a Gesturable plan: Pinchable zooms the camera (`CameraRig`), one
    /// step for each frame it moved; Alt+wheel's twist zooms too, a step per notch, by its own
    /// delta (no plan: a turn of the view is not what it does here).
    private let performer: GesturablePerformer
    private let camera: CameraRig
    private var pending: [DesignerPointer] = []
    private let actions = RecognizerActions()

    public init(manager: GestureManager) {
        metrics = manager.metrics
        stroke.allowedSources = [.mouseLeft, .mouseRight, .mouseMiddle]
        pinch.allowedSources = .synthetic
        twist.allowedSources = .synthetic
        for r in [stroke, pinch, twist] as [GestureRecognizer] { manager.add(r, to: .root) }
        pinch.recognizeSimultaneously(with: twist)
        camera = CameraRig(metrics: manager.metrics)
        performer = GesturablePerformer(target: camera, manager: manager)
        performer.add(Pinchable(recognizer: pinch))
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
        on(twist) { director, s in
            guard s.state == .began || s.state == .changed, case let .rotation(_, delta, _) = s.values, delta != 0 else { return }
            director.pending.append(.wheel(up: delta < 0))
        }
    }

    /// Applies what the gestures did since the last call to `session`, in order; the pinch's
    /// zoom last, by the pinch's own scale (the host flushes after every wheel notch).
    func flush(into session: inout DesignerSession) -> [GameEffect] {
        if camera.zoom != 1 {
            pending.append(.zoom(factor: camera.zoom))
            camera.commit()
        }
        let reports = pending
        pending.removeAll()
        return reports.flatMap { session.handle($0) }
    }

    private func on(_ recognizer: GestureRecognizer, _ body: @escaping (DesignerDirector, GestureSnapshot) -> Void) {
        actions.add(to: recognizer, for: self, body)
    }
}
