import Game
import Polycube
import Scene

/// `soma play`: the Soma game (`Game.SomaSession`) as a `TerminalProgram`, and the player's
/// `Progress`, so that every exit path can save the position.
///
/// Keys go to the session's key map. Hints run through `hintSolver` off the input path and
/// come back as messages. The status line shows a clock, so the program asks for a tick at
/// every whole second.
/// Mouse input is not wired yet: it needs the touch synthesizer and the game's gesture director.
public struct SomaProgram: TerminalProgram {
    public typealias Message = HintResult

    public private(set) var session: SomaSession
    public private(set) var progress: Progress
    /// How the scene is drawn on this terminal (glyphs and colours).
    public let style: RenderStyle
    public let minimumSize: ScreenSize
    /// Answers a hint request; nil when hints are unavailable.
    let hintSolver: (@Sendable (HintRequest) -> HintResult)?
    /// The time of the latest event: what the clock on the status line shows.
    private(set) var now: Double

    public init(session: SomaSession, progress: Progress, style: RenderStyle,
                minimumSize: ScreenSize = ScreenSize(width: 60, height: 20), now: Double,
                hintSolver: (@Sendable (HintRequest) -> HintResult)? = nil) {
        self.session = session
        self.progress = progress
        self.style = style
        self.minimumSize = minimumSize
        self.now = now
        self.hintSolver = hintSolver
    }

    /// The progress to write to disk: the records plus the position being played.
    public var progressToSave: Progress {
        var saved = progress
        saved.save(session.game, now: now)
        return saved
    }

    public mutating func update(_ event: ProgramEvent<HintResult>, now: Double) -> [ProgramEffect<HintResult>] {
        self.now = now
        switch event {
        case .input(.key(let press)):
            guard let key = press.gameKey else { return [] }
            return effects(session.handle(key, now: now))
        case .input(.resize(let size)):
            session.resize(width: size.width, height: size.height)
            return []
        case .input(.mouse), .input(.focus), .tick, .suspending:
            return []
        case .message(let result):
            return effects(session.apply(.hintArrived(result), now: now))
        }
    }

    public func view(size: ScreenSize) -> Canvas {
        session.view(width: size.width, height: size.height, now: now, style: style)
    }

    /// The next whole second, for the clock on the status line.
    public func nextTick(after now: Double) -> Double? {
        (now + 1e-3).rounded(.down) + 1
    }

    private mutating func effects(_ sessionEffects: [SessionEffect]) -> [ProgramEffect<HintResult>] {
        var effects: [ProgramEffect<HintResult>] = []
        for effect in sessionEffects {
            switch effect {
            case .quit:
                effects.append(.quit)
            case .computeHint(let request):
                if let solver = hintSolver {
                    effects.append(.perform { solver(request) })
                } else {
                    effects.append(.bell)
                }
            case .solved(let figure, let solved):
                progress.recordSolve(figure: figure, solved)
                effects.append(.save)
            case .openMenu:
                effects.append(.bell)   // no figure menu yet
            }
        }
        return effects
    }
}
