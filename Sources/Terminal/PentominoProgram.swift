import Game
import Gestures
import Polycube
import Scene

/// `soma pento`: the pentomino game (`Game.PentominoSession`) as a `TerminalProgram`, and the
/// player's `Progress`, so that every exit path can save the position.
///
/// Keys go straight to the session's key map, as in `SomaProgram`. The mouse goes the long way,
/// the one the architecture draws: `TouchSynthesizer` -> `GestureManager` ->
/// `PentominoDirector` -> session. Hints and "show a solution" run off the input path through
/// `.perform` and come back as messages; a solution is then played back on ticks.
public struct PentominoProgram: TerminalProgram {
    /// What background work reports back.
    public enum Message: Sendable {
        case hint(HintResult)
        case solution(PentominoSolutionRequest.Answer)
    }

    public private(set) var session: PentominoSession
    public private(set) var progress: Progress
    public let style: RenderStyle
    public let minimumSize: ScreenSize
    /// The gesture machinery for the mouse (reference types: the recognizers keep state
    /// between events).
    private let pointer: PentominoPointerRig
    private var synthesizer = TouchSynthesizer()
    private var size: ScreenSize
    /// The time of the latest event: what the clock on the status line shows.
    private(set) var now: Double
    /// Whether hints and solutions may be computed (tests of the screen alone switch it off).
    let solverEnabled: Bool

    public init(session: PentominoSession, progress: Progress, style: RenderStyle, size: ScreenSize,
                minimumSize: ScreenSize = ScreenSize(width: 60, height: 20), now: Double, solverEnabled: Bool = true) {
        self.session = session
        self.progress = progress
        self.style = style
        self.minimumSize = minimumSize
        self.size = size
        self.now = now
        self.solverEnabled = solverEnabled
        pointer = PentominoPointerRig(start: Self.gestureTime(now))
    }

    /// The progress to write to disk: the records plus the position being played.
    public var progressToSave: Progress {
        var saved = progress
        saved.save(session.game, now: now)
        return saved
    }

    public mutating func update(_ event: ProgramEvent<Message>, now: Double) -> [ProgramEffect<Message>] {
        self.now = now
        pointer.clock.set(max(pointer.clock.now, Self.gestureTime(now)))
        switch event {
        case .input(.key(let press)):
            // Esc during a drag cancels the drag (the tile goes back); it is not a key command.
            if press.key == .escape, synthesizer.isMouseTouchActive {
                return dispatch(synthesizer.cancelAll())
            }
            guard let key = press.gameKey else { return [] }
            return effects(session.handle(key, now: now))
        case .input(let input):
            if case .resize(let newSize) = input { size = newSize }
            let rig = pointer
            rig.prepare(session: session, size: size)
            let dispatches = synthesizer.touches(for: input, at: pointer.clock.now, anchor: rig.keyboardAnchor,
                                                 hitTest: { rig.hitTest($0) })
            return dispatch(dispatches)
        case .tick:
            var effects = dispatch(synthesizer.expirePair(at: pointer.clock.now))
            pointer.manager.tick()
            effects += flushPointer()
            effects += self.effects(session.tick(now: now))
            return effects
        case .suspending:
            return dispatch(synthesizer.cancelAll())
        case .message(.hint(let result)):
            session.hintArrived(result, now: now)
            return []
        case .message(.solution(let answer)):
            session.solutionArrived(answer, now: now)
            return []
        }
    }

    public func view(size: ScreenSize) -> Canvas {
        session.view(width: size.width, height: size.height, now: now, style: style)
    }

    /// The next whole second (the clock on the status line), or sooner: a gesture deadline (a
    /// long press, a double click), the end of a wheel gesture, the next tile of a playback.
    public func nextTick(after now: Double) -> Double? {
        var next = (now + 1e-3).rounded(.down) + 1
        for deadline in [pointer.manager.nextDeadline, synthesizer.pairDeadline].compactMap({ $0 }) {
            next = min(next, deadline.seconds)
        }
        if let step = session.nextPlaybackStep { next = min(next, step) }
        return next
    }

    // MARK: Mouse

    private mutating func dispatch(_ dispatches: [[TouchChange]]) -> [ProgramEffect<Message>] {
        guard !dispatches.isEmpty else { return [] }
        pointer.prepare(session: session, size: size)
        for changes in dispatches { pointer.manager.handle(changes, at: pointer.clock.now) }
        return flushPointer()
    }

    private mutating func flushPointer() -> [ProgramEffect<Message>] {
        effects(pointer.director.flush(into: &session, width: size.width, height: size.height, now: now))
    }

    static func gestureTime(_ seconds: Double) -> GestureTime {
        GestureTime(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    // MARK: Effects

    private mutating func effects(_ sessionEffects: [PentominoEffect]) -> [ProgramEffect<Message>] {
        var effects: [ProgramEffect<Message>] = []
        for effect in sessionEffects {
            switch effect {
            case .quit:
                effects.append(.quit)
            case .computeHint(let request):
                effects.append(solverEnabled ? .perform { .hint(request.run() ?? HintResult(
                    fixed: request.fixed, completions: 0, reachedLimit: false, suggestion: nil, problem: "cancelled")) } : .bell)
            case .findSolution(let request):
                effects.append(solverEnabled ? .perform { .solution(request.run()) } : .bell)
            case .solved(let board, let solved):
                progress.recordSolve(figure: board, solved)
                effects.append(.save)
            case .openMenu:
                effects.append(.bell)   // no board menu yet
            }
        }
        return effects
    }
}

/// The mouse side of `PentominoProgram`: the gesture manager with its clock and hit tester,
/// and the pentomino director attached to it. The hit tester answers from the session as it is
/// at each dispatch: a touch is on a tile only on one of the tile's own squares.
final class PentominoPointerRig: HitTester {
    let clock: ManualClock
    var manager: GestureManager!
    var director: PentominoDirector!
    private var session: PentominoSession?
    private var size = ScreenSize(width: 0, height: 0)

    init(start: GestureTime) {
        clock = ManualClock(start)
        manager = GestureManager(clock: clock, hitTester: self)
        director = PentominoDirector(manager: manager)
    }

    func prepare(session: PentominoSession, size: ScreenSize) {
        self.session = session
        self.size = size
    }

    func hitTest(_ p: GPoint) -> HitResult {
        guard let session else { return .root }
        let (column, row) = manager.metrics.cell(p)
        let cell = session.cell(atColumn: column, row: row, width: size.width, height: size.height)
        guard let tile = session.game.tile(at: cell) else { return .root }
        return HitResult(node: NodeID(tile))
    }

    /// Keys do not go through the gesture core here (they are commands of their own), so the
    /// anchor only matters for the few keys the synthesizer turns into gestures; it is the
    /// middle of the screen with no hit.
    var keyboardAnchor: TouchSynthesizer.KeyboardAnchor {
        TouchSynthesizer.KeyboardAnchor(location: manager.metrics.iso(col: size.width / 2, row: size.height / 2), hit: .root)
    }
}
