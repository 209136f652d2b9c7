/// The one-line input field that asks for a figure's name before saving or exporting.
///
/// The name becomes a file name, so only characters that are safe in one are taken: letters,
/// digits, `-`, `_`, `.` and spaces, and it may not start with a dot (a hidden file) or hold a
/// slash (another folder).
public struct NamePrompt: Hashable, Sendable {
    var purpose: DesignFile.Format
    private(set) var text: String
    /// True while the pre-filled name is selected, as in a dialog box: the first character
    /// typed replaces it (typing a new name does not append to the old one); Backspace or an
    /// arrow ends the selection and edits the name at its end, Enter takes it as it is.
    private(set) var isSelected: Bool

    static let maximumLength = 40

    init(purpose: DesignFile.Format, text: String, selected: Bool = true) {
        self.purpose = purpose
        self.text = String(text.filter(Self.isAllowed).prefix(Self.maximumLength))
        isSelected = selected && !self.text.isEmpty
    }

    /// What the field shows before the text.
    var label: String { purpose == .native ? "Save as" : "Export (yass) as" }

    enum Outcome: Hashable, Sendable {
        /// Still editing.
        case editing
        /// Enter with a usable name.
        case done(String)
        case cancelled
        /// A key the field cannot take, with the reason to show.
        case refused(String)
    }

    mutating func handle(_ key: GameKey) -> Outcome {
        switch FieldKey.table.action(for: key).map(GameKey.field) ?? key {
        case .character(let c):
            guard Self.isAllowed(c) else { return .refused("A name may hold letters, digits, spaces, - _ and .") }
            if isSelected { text = "" }
            isSelected = false
            guard text.count < Self.maximumLength else { return .refused("A name has at most \(Self.maximumLength) characters") }
            text.append(c)
            return .editing
        case .backspace:
            if !text.isEmpty { text.removeLast() }
            isSelected = false
            return .editing
        case .left, .right, .end:
            isSelected = false
            return .editing
        case .escape:
            return .cancelled
        case .enter:
            let name = text.trimmingSpaces
            if name.isEmpty { return .refused("Type a name first (\(FieldKey.table.keyName(for: .cancel)) cancels)") }
            if name.hasPrefix(".") { return .refused("A name may not start with a dot") }
            return .done(name)
        default:
            return .editing
        }
    }

    static func isAllowed(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "-" || c == "_" || c == "." || c == " "
    }
}
