import Scene

/// The pure part of the app loop: it owns the program value and the screen size, routes events
/// to the program, applies the rules every program gets for free, and says what to draw.
///
/// - Ctrl-C always saves and quits and Ctrl-Z always suspends (raw mode turns both into keys,
///   and a player must never be stuck).
/// - While the screen is smaller than `minimumSize`, the view is the "enlarge the window"
///   message and pointer and key input is withheld from the program, whose layout does not fit;
///   resizes still reach it, so it recovers as soon as the window is big enough.
struct ProgramHost<Program: TerminalProgram> {
    /// What the loop must do after an event.
    enum Action: Sendable {
        case quit
        case save
        case suspend
        case perform(@Sendable () -> Program.Message)
        case bell
    }

    private(set) var program: Program
    private(set) var size: ScreenSize

    init(_ program: Program, size: ScreenSize) {
        self.program = program
        self.size = size
    }

    /// True while the "enlarge the window" message is shown instead of the program.
    var isTooSmall: Bool { !size.fits(program.minimumSize) }

    mutating func handle(_ event: ProgramEvent<Program.Message>, now: Double) -> [Action] {
        if case .input(let input) = event {
            switch input {
            case .key(KeyPress(.character("c"), .control)):
                return [.quit]
            case .key(KeyPress(.character("z"), .control)):
                return Self.actions(program.update(.suspending, now: now)) + [.suspend]
            case .resize(let newSize):
                size = newSize
            case .key, .mouse:
                if isTooSmall { return [] }
            case .focus:
                break
            }
        }
        return Self.actions(program.update(event, now: now))
    }

    /// The picture for the current size.
    func frame() -> Canvas {
        isTooSmall
            ? TooSmallScreen.canvas(size: size, minimum: program.minimumSize)
            : program.view(size: size)
    }

    private static func actions(_ effects: [ProgramEffect<Program.Message>]) -> [Action] {
        var actions: [Action] = []
        for effect in effects {
            switch effect {
            case .quit: actions.append(.quit)
            case .save: actions.append(.save)
            case .perform(let work): actions.append(.perform(work))
            case .bell: actions.append(.bell)
            }
        }
        return actions
    }
}
