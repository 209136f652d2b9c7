import Scene

/// The designer's name prompt (save `s`, export `e`) as a child screen: the field on the bottom
/// line over the design, what it refused (or the file it would replace) just above it. It takes
/// every key until Enter gives a usable name or Esc cancels; either way it closes and the
/// designer hears the answer (`ScreenAnswer.named`). One way in (`GameEffect.askName`), one way
/// out, as for the other children.
struct NamePromptScreen: ChildScreen {
    var field: NamePrompt
    /// The name whose file Enter replaces (the designer was told it exists).
    let replacing: String?
    /// What the field refused, or the warning it opened with; cleared by the next key it takes.
    var problem: String?

    mutating func handle(_ key: GameKey) -> ChildRequest? {
        switch field.handle(key) {
        case .editing:
            problem = nil
            return nil
        case .refused(let reason):
            problem = reason
            return nil
        case .cancelled:
            return .answer(.named(nil, field.purpose))
        case .done(let name):
            return .answer(.named(name, field.purpose))
        }
    }

    mutating func click(_ id: HitID) -> ChildRequest? { nil }
    var coversScreen: Bool { false }

    func draw(into canvas: inout Canvas) {
        let width = canvas.width, bottom = canvas.height - 1
        let label = " \(field.label): "
        let line = label + field.text
        canvas.put(String(repeating: " ", count: width), column: 0, row: bottom, style: TextStyle(reverse: true))
        canvas.put(label, column: 0, row: bottom, style: TextStyle(reverse: true))
        // A selected pre-filled name is shown as selected text (typing replaces it).
        canvas.put(field.text, column: label.count, row: bottom,
                   style: field.isSelected ? TextStyle(bold: true) : TextStyle(reverse: true))
        canvas.put("_", column: line.count, row: bottom, style: TextStyle(reverse: true, underline: true))
        let file = field.text.trimmingSpaces.isEmpty ? "" : "-> " + DesignFile.fileName(for: field.text, format: field.purpose) + "  "
        let done = FieldKey.table.reminder(.done, replacing == field.text ? "replace" : "save").line
        let keys = file + done + "  " + FieldKey.table.reminder(.cancel, "cancel").line
        canvas.put(keys, column: max(line.count + 3, width - keys.count - 1), row: bottom, style: TextStyle(reverse: true))
        // What the field refused, or the file it would replace, just above it.
        if let problem {
            canvas.put(" " + problem + " ", column: 0, row: bottom - 1, style: Panels.refusalStyle)
        }
    }
}
