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

    /// Whether the program wants every motion of the pointer, with no button held too (mouse
    /// mode 1003, where the terminal has it). Asked after every update, as Elm asks for a
    /// model's subscriptions, so it is on only while the program needs it (a tile in hand that
    /// follows the pointer); otherwise motion is reported only while a button is held.
    var tracksPointerMotion: Bool { get }

    /// Whether `key` is the program's quit key: while the screen is too small for the program,
    /// its keys are withheld, but its quit key still quits (a player must never be stuck).
    func quits(on key: KeyPress) -> Bool
}

extension TerminalProgram {
    public func nextTick(after now: Double) -> Double? { nil }
    public var tracksPointerMotion: Bool { false }
    public func quits(on key: KeyPress) -> Bool { false }
}
