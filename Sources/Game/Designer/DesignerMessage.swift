/// A line for the player about the last thing done: a note, or a problem (shown in red).
struct DesignerMessage: Hashable, Sendable {
    var text: String
    var isProblem: Bool

    static func note(_ text: String) -> DesignerMessage { DesignerMessage(text: text, isProblem: false) }
    static func problem(_ text: String) -> DesignerMessage { DesignerMessage(text: text, isProblem: true) }
}
