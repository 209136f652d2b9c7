/// One thing the user did at the terminal, decoded from bytes: the vocabulary between the
/// terminal and everything above it (`TouchSynthesizer`, programs).
public enum InputEvent: Hashable, Sendable {
    case key(KeyPress)
    case mouse(MouseEvent)
    /// The terminal now has this size (columns, rows).
    case resize(ScreenSize)
    /// The terminal window gained (`true`) or lost (`false`) focus (mode 1004).
    case focus(Bool)
    /// A note from the host the program runs under (`soma serve`), sent as input the way a
    /// terminal sends its reports: `ESC ] 5379 ; TEXT BEL`, TEXT here (see `HostNote`).
    case hostNote(String)
    /// The terminal's answer to the session's background-colour query (OSC 11), whenever it
    /// came: not the user's doing, never a key. The first frame does not wait for it; a program
    /// whose look follows the terminal redraws in the theme it picks.
    case background(TerminalBackground)
}
