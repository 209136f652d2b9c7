import Scene

/// The pure part of the app loop: it owns the program value and the screen size, routes events
/// to the program, applies the rules every program gets for free, and says what to draw.
///
/// - Ctrl-C always saves and quits and Ctrl-Z always suspends (raw mode turns both into keys,
///   and a player must never be stuck).
/// - The terminal's background colour (`InputEvent.background`) reaches the program only when
///   the session asked for it (`TerminalSession.asksBackground`): the player chose no theme.
///   Whenever it comes, also while the screen is too small, it is never a key.
/// - While the screen is smaller than `minimumSize`, the view is the "enlarge the window"
///   message and pointer and key input is withheld from the program, whose layout does not fit,
///   all but its quit key (`TerminalProgram.quits(on:)`); resizes still reach it, so it
///   recovers as soon as the window is big enough (and stops its clock meanwhile).
///
/// What the program asks comes back to the loop as the program said it (`ProgramEffect`): one
/// effect type from program to loop.
struct ProgramHost<Program: TerminalProgram> {
    private(set) var program: Program
    private(set) var size: ScreenSize
    /// Whether the terminal was asked for its background, so that its answer is the program's.
    let takesBackground: Bool

    init(_ program: Program, size: ScreenSize, takesBackground: Bool = false) {
        self.program = program
        self.size = size
        self.takesBackground = takesBackground
    }

    /// True while the "enlarge the window" message is shown instead of the program.
    var isTooSmall: Bool { !size.fits(program.minimumSize) }

    mutating func handle(_ event: ProgramEvent<Program.Message>, now: Double) -> [ProgramEffect<Program.Message>] {
        if case .input(let input) = event {
            switch input {
            case .key(KeyPress(.character("c"), .control)):
                return [.quit]
            case .key(KeyPress(.character("z"), .control)):
                return program.update(.suspending, now: now) + [.suspend]
            case .resize(let newSize):
                size = newSize
            case .key(let press):
                // Too small, the program's layout does not fit: its keys wait, but its quit key quits.
                if isTooSmall { return program.quits(on: press) ? [.quit] : [] }
            case .mouse:
                if isTooSmall { return [] }
            case .background:
                if !takesBackground { return [.unchanged] }
            case .focus, .hostNote:
                break
            }
        }
        return program.update(event, now: now)
    }

    /// The picture for the current size.
    func frame() -> Canvas {
        isTooSmall
            ? TooSmallScreen.canvas(size: size, minimum: program.minimumSize)
            : program.view(size: size)
    }
}
