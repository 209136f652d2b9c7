import Scene

/// Figures made for the menu (`FigureRequest`): the answer played as it arrives, the progress
/// line drawn while it is awaited.
extension Midend {
    /// A made figure arrived: played (the position of the one left kept), or, when none could
    /// be made or this screen cannot play it, why not on the bottom line.
    mutating func receive(_ made: MadeFigure, now: Double) -> [GameEffect] {
        guard let figure = made.figure else {
            making = FigureMaking(request: made.request, since: now, problem: made.problem ?? "the generator gave up")
            return [.bell]
        }
        making = nil
        guard play(figure, now: now) else { return [.bell] }
        noteSave(now: now)
        return [.autosave]
    }

    /// The progress line, over the bottom line of the game.
    static func drawLine(_ line: String, into canvas: inout Canvas) {
        guard canvas.height > 0 else { return }
        let text = " " + line
        let shown = String(text.prefix(canvas.width))
        canvas.put(shown + String(repeating: " ", count: max(0, canvas.width - shown.count)), column: 0,
                   row: canvas.height - 1, style: TextStyle(bold: true, reverse: true))
    }
}
