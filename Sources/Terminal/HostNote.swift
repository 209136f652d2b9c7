/// Notes between a program and the host it runs under, `soma serve`, on the terminal they share:
/// an operating-system command of a number of soma's own, `ESC ] 5379 ; TEXT BEL`. The program
/// writes one to say something to the server (`ProgramEffect.tellHost`: the player lets others
/// watch), and the server writes one into the program's input (`InputEvent.hostNote`: how many
/// watch now). Outside `soma serve` a terminal ignores a command it does not know, and nothing
/// sends one. The server takes the program's notes out of what it passes on, so neither the
/// player nor a watcher sees them.
public enum HostNote {
    /// The command's number: one no terminal gives a meaning to.
    public static let command = "5379"
    /// The longest text a note carries: a few words and a display name.
    public static let maximumLength = 120

    /// The bytes of a note carrying `text` (of printable characters; others become `?`).
    public static func sequence(_ text: String) -> String {
        let clean = String(text.unicodeScalars.prefix(maximumLength).map { $0.value < 0x20 || $0.value == 0x7f ? "?" : Character($0) })
        return "\u{1b}]\(command);\(clean)\u{07}"
    }

    /// The text of an operating-system command's body (what came between `ESC ]` and BEL) when
    /// it is a note (`5379;TEXT`); nil for any other.
    public static func text(ofCommand body: String) -> String? {
        guard body.hasPrefix(command + ";") else { return nil }
        return String(body.dropFirst(command.count + 1))
    }
}
