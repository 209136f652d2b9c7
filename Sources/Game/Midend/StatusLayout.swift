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
    /// Seconds played (the midend's clock), nil for a screen that keeps no time.
    var seconds: Double?
    /// The attempt's solve as the midend recorded it (nil while unsolved or shown by the solver).
    var solve: Solved?
    /// What the midend knows of the recorded solve: a new best, the next figure.
    var news: SolveNews?
    /// True during the solved moment: the bottom line says any key skips it.
    var celebrating: Bool
    /// What the midend answered the last command itself ("Nothing to undo"): it takes the
    /// place of the screen's own answer on the bottom line.
    var said: StatusMessage? = nil

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
            } else if let solve {
                parts = [name]
                said = Panels.solvedNews(solve, recorded: news, noun: status.noun, room: room)
            }
        }
        let trailing = [common.keyName(for: .help).isEmpty ? nil : "\(common.keyName(for: .help)) help",
                        common.keyName(for: .quit).isEmpty ? nil : "\(common.keyName(for: .quit)) quit"]
        Panels.statusLine(parts, trailing: Panels.joined(trailing.compactMap { $0 }, separator: "  "), news: said, width: width,
                          row: 0, into: &canvas)
    }

    /// The bottom line: the first wording that fits; during the solved moment, its lead and
    /// "Solved!   any key skips".
    private func drawBottom(into canvas: inout Canvas) {
        let width = canvas.width
        guard var line = status.bottom.first(where: { Self.fits($0, width: width) }) ?? status.bottom.last else { return }
        if let said { line = Self.line(line, saying: said) }
        if celebrating {
            line = line.items == nil ? BottomLine(lead: line.lead, reminders: [Reminder("Solved!"), Reminder("any key skips")])
                : BottomLine(items: [BottomItem(["Solved!"], rank: BottomRank.action),
                                     BottomItem(["any key skips"], rank: BottomRank.message)]
                                    + (line.items ?? []).filter { $0.look == .position })
        } else if var items = line.items, status.showsSolve, solve != nil, let next = news?.next {
            // After a solve, the key that acts is the one that opens the next figure.
            items.insert(BottomItem([Reminder(keys: GameKey.enter.name, "next \(status.noun) (\(next))"),
                                     Reminder(keys: GameKey.enter.name, "next \(status.noun)")], rank: BottomRank.action + 1), at: 0)
            line = BottomLine(items: items)
        }
        Self.draw(line, width: width, row: canvas.height - 1, into: &canvas)
    }

    /// `line` with the midend's answer `said` in place of the screen's (a ranked line: where the
    /// screen's answer stood, else just after the action; a line of reminders: its message).
    static func line(_ line: BottomLine, saying said: StatusMessage) -> BottomLine {
        guard var items = line.items else {
            return BottomLine(lead: line.lead, message: said, reminders: line.reminders, needs: line.needs)
        }
        let answer = BottomItem(said)
        if let at = items.firstIndex(where: { $0.look != .keys && $0.look != .position && $0.rank == BottomRank.message }) {
            items[at] = answer
        } else {
            items.insert(answer, at: min(1, items.count))
        }
        return BottomLine(items: items)
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

    /// Draws one wording: the lead in bold, then the message in its colour or the reminders, dim;
    /// a line of ranked items, the items that fit, each in its look.
    static func draw(_ line: BottomLine, width: Int, row: Int, into canvas: inout Canvas) {
        if let items = line.items {
            var column = 0
            for (item, text) in fitted(items, width: width - 1) {
                let style = switch item.look {
                case .keys: Panels.dimStyle
                case .position: Panels.frameStyle
                case .note: Panels.noteStyle
                case .refusal: Panels.refusalStyle
                }
                canvas.put(" " + text, column: column, row: row, style: style)
                column += text.count + separator.count
            }
            return
        }
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

    /// What stands between two ranked items.
    static let separator = "   "

    /// Ranked items in `width` columns, each with the wording it gets, in their order: while the
    /// line is too long, the item of lowest rank (the last of equals) takes its next shorter
    /// wording, or gives way when it has none. The item of highest rank is never dropped: alone
    /// and still too long, it is cut at the edge of the screen.
    static func fitted(_ items: [BottomItem], width: Int) -> [(item: BottomItem, text: String)] {
        var chosen = items.map { (item: $0, wording: 0, cut: String?.none) }
        func text(_ entry: (item: BottomItem, wording: Int, cut: String?)) -> String { entry.cut ?? entry.item.wordings[entry.wording] }
        func length() -> Int { chosen.map { text($0).count }.reduce(0, +) + max(0, chosen.count - 1) * separator.count }
        func cost(_ entry: (item: BottomItem, wording: Int, cut: String?)) -> Int { entry.item.ranks[entry.wording] }
        while length() > width, chosen.count > 1 || chosen.first.map({ $0.wording + 1 < $0.item.wordings.count }) == true {
            guard let low = chosen.map(cost).min(), let at = chosen.lastIndex(where: { cost($0) == low && $0.cut == nil })
            else { break }
            if chosen[at].wording + 1 < chosen[at].item.wordings.count {
                chosen[at].wording += 1
                continue
            }
            // The answer to the last command is not lost for want of room: cut at a word, with
            // an ellipsis, where at least a few words fit (a key reminder is whole or gone).
            let room = width - (length() - text(chosen[at]).count)
            let sentence = text(chosen[at])
            if chosen[at].item.look == .note || chosen[at].item.look == .refusal, room >= 12,
               let space = sentence.prefix(room - 1).lastIndex(of: " ") {
                chosen[at].cut = sentence[..<space] + "…"
            } else {
                chosen.remove(at: at)
            }
        }
        return chosen.map { ($0.item, text($0)) }
    }
}
