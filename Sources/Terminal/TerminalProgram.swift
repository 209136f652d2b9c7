import Scene

/// A full-screen program the app loop runs: a value that is updated by events and viewed as a
/// `Canvas`, Elm style. It never touches the terminal, files or the clock: time comes in as
/// `now`, and everything with a side effect goes out as a `ProgramEffect` that the loop performs.
///
/// The terminal knows no game: the executable adapts each play screen (`ScreenProgram`), feeding
/// input through the `TouchSynthesizer` and the gesture manager; overlays (help, messages) are
/// simply part of its view.
public protocol TerminalProgram {
    /// What background work reports back (a solver hint, a count). `Never` when unused.
    associatedtype Message: Sendable = Never

    /// The smallest screen the view can use; below it the loop shows "enlarge the window".
    var minimumSize: ScreenSize { get }

    /// Handles one event at time `now` (seconds on a monotonic clock).
    mutating func update(_ event: ProgramEvent<Message>, now: Double) -> [ProgramEffect<Message>]

    /// The picture for a screen of `size` (at least `minimumSize`).
    func view(size: ScreenSize) -> Canvas

    /// When the program next needs a `.tick` (an animation frame, a gesture deadline), or nil
    /// when it is idle. The loop sleeps until then unless input arrives first.
    func nextTick(after now: Double) -> Double?
}

extension TerminalProgram {
    public func nextTick(after now: Double) -> Double? { nil }
}

/// What the loop tells a program.
public enum ProgramEvent<Message: Sendable>: Sendable {
    /// The program is being shown: sent once, after the first `.input(.resize)` told it the
    /// screen's size, before any other input.
    case start
    case input(InputEvent)
    /// The time asked for with `nextTick(after:)` has come.
    case tick
    /// Background work started with `.perform` finished.
    case message(Message)
    /// The program is about to lose the terminal (Ctrl-Z): cancel whatever is in progress,
    /// such as a drag whose release will never arrive.
    case suspending
    /// The loop's save hook ran: nil when the save worked, else what went wrong, in words (the
    /// path and the reason), so the program can say so on screen while the player plays.
    case saved(problem: String?)
}

/// What a program asks the loop to do.
public enum ProgramEffect<Message: Sendable>: Sendable {
    /// Save (through the loop's save hook) and exit.
    case quit
    /// Save progress now (through the loop's save hook).
    case save
    /// Run `work` off the input thread and deliver its result as `.message`, so long solver
    /// searches never freeze the screen.
    case perform(@Sendable () -> Message)
    /// Ring the terminal bell.
    case bell
    /// Give the terminal back to the shell (Ctrl-Z): the loop stops the process until it is
    /// continued, then redraws.
    case suspend
    /// Tell the host the program runs under (`soma serve`) `text`, as `ESC ] 5379 ; TEXT BEL`
    /// on the terminal (`HostNote`); a terminal ignores it.
    case tellHost(String)
    /// Paint the whole screen again at the next frame (someone began watching it).
    case repaint
}
