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
