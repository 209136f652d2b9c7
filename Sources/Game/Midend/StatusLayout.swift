import Scene

/// The one layout of every game screen's top and bottom lines (Tatham's status bar, bubbles'
/// short help): the screen's fields and reminders (`ScreenStatus`) with what the midend adds
/// (the clock, the solve's news, the solved moment, the help and quit keys as bound), fitted to
/// the width: the news before the help and quit keys, the fullest bottom wording that fits, and
/// reminders giving way from the least needed; never a word cut in half.
struct StatusLayout {
    var status: ScreenStatus
    /// The common keys as bound: the top line names the help and quit keys from them.
    var common: CommonKeys
    /// Seconds played (the screen's clock), nil for a screen without one.
    var seconds: Double?
    /// What the midend knows of the recorded solve: a new best, the next figure.
    var news: SolveNews?
    /// True during the solved moment: the bottom line says any key skips it.
    var celebrating: Bool

    func draw(into canvas: inout Canvas) {
        guard canvas.height > 0 else { return }
        drawTop(into: &canvas)
        if canvas.height > 1 { drawBottom(into: &canvas) }
    }

    /// The top line: the fields and the clock, or, once solved, the name and the news.
    private func drawTop(into canvas: inout Canvas) {
        let width = canvas.width
        let name = status.fields.first ?? ""
        var parts = status.fields + (seconds.map { [Panels.clock($0)] } ?? []) + status.afterClock
        var said: String?
        if status.showsSolve {
            let room = Panels.newsRoom(width: width, after: name)
            if status.solvedBySolver {
                parts = status.fields
                said = Panels.solvedNews(Solved(moves: 0, seconds: 0), shownBySolver: true)
            } else if let solve = status.solve {
                parts = [name]
                said = Panels.solvedNews(solve, recorded: news, noun: status.noun, room: room)
            }
        }
        let trailing = [common.keyName(for: .help).isEmpty ? nil : "\(common.keyName(for: .help)) help",
                        common.keyName(for: .quit).isEmpty ? nil : "\(common.keyName(for: .quit)) quit"]
        Panels.statusLine(parts, trailing: trailing.compactMap { $0 }.joined(separator: "  "), news: said, width: width,
                          row: 0, into: &canvas)
    }

    /// The bottom line: the first wording that fits; during the solved moment, its lead and
    /// "Solved!   any key skips".
    private func drawBottom(into canvas: inout Canvas) {
        let width = canvas.width
        // The fit count (`fit 3 of 22`) goes after the lead, and the wording is chosen without its room.
        let fit = celebrating ? nil : status.fit
        let room = width - (fit.map { $0.count + 3 } ?? 0)
        guard var line = status.bottom.first(where: { Self.fits($0, width: room) }) ?? status.bottom.last else { return }
        if let fit { line.lead = (line.lead.map { $0 + "   " } ?? "") + fit }
        if celebrating { line = BottomLine(lead: line.lead, reminders: [Reminder("Solved!"), Reminder("any key skips")]) }
        Self.draw(line, width: width, row: canvas.height - 1, into: &canvas)
    }

    /// Whether `line` fits `width`: its own measure, and beside its lead at least its most
    /// needed reminder whole (with long key names the full position sentence leaves no room for
    /// it, and the next, shorter wording is taken instead of cutting the reminder mid-word).
    static func fits(_ line: BottomLine, width: Int) -> Bool {
        guard (line.needs ?? 0) <= width else { return false }
        guard line.message == nil, let most = line.reminders.map(\.priority).max(),
              let first = line.reminders.first(where: { $0.priority == most }) else { return true }
        let column = line.lead.map { $0.count + 3 } ?? 0
        return first.line.count <= width - column - 1
    }

    /// Draws one wording: the lead in bold, then the message in its colour or the reminders, dim.
    static func draw(_ line: BottomLine, width: Int, row: Int, into canvas: inout Canvas) {
        var column = 0
        if let lead = line.lead {
            canvas.put(" " + lead, column: 0, row: row, style: Panels.frameStyle)
            column = lead.count + 3
        }
        if let message = line.message {
            canvas.put(" " + message.message, column: column, row: row,
                       style: message.isRefusal ? Panels.refusalStyle : Panels.noteStyle)
            return
        }
        canvas.put(" " + fitted(line.reminders, width: width - column - 1), column: column, row: row, style: Panels.dimStyle)
    }

    /// The reminders in `width` columns, three spaces apart: while they do not fit, the one of
    /// lowest priority gives way (the last of equals); when not even one fits, the most needed
    /// alone (a sentence, which the edge of the screen cuts).
    static func fitted(_ reminders: [Reminder], width: Int) -> String {
        var kept = reminders
        func text(_ list: [Reminder]) -> String { list.map(\.line).joined(separator: "   ") }
        while let low = kept.map(\.priority).min(), text(kept).count > width,
              let drop = kept.lastIndex(where: { $0.priority == low }) {
            kept.remove(at: drop)
        }
        guard kept.isEmpty, let most = reminders.map(\.priority).max(),
              let first = reminders.first(where: { $0.priority == most }) else { return text(kept) }
        return first.line
    }
}
