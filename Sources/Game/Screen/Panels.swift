import Scene

/// The text parts of the screens, shared by both games: status line, framed boxes (the "Solved"
/// banner, the help overlay) and the feedback line. They draw on top of the picture.
enum Panels {
    static let frameStyle = TextStyle(bold: true)
    static let refusalStyle = TextStyle(foreground: .index(9), bold: true)
    static let noteStyle = TextStyle(foreground: .index(14))
    static let dimStyle = TextStyle(dim: true)
    /// Black on bright green, never bold: xterm and others brighten bold text, and bold black
    /// turns grey (about 2.9:1 on the green). The colours are explicit, so it reads the same on
    /// dark and light backgrounds; without colour the background makes it reverse video.
    static let newsStyle = TextStyle(foreground: .index(0), background: .index(10))

    /// The solved moment's words on the status line, after the figure's name: `Solved in 1:05,
    /// 7 moves.`, then what the host said once it recorded the solve (`recorded`): `New best!`
    /// and the figure (or board, `noun`) Enter opens, said shorter (`Enter: Dog`) when the
    /// news would not fit in `room` columns, the name cut short (`Enter: 8x8 with a…`) if need be.
    static func solvedNews(_ solved: Solved, shownBySolver: Bool = false, recorded: SolveNews? = nil,
                           noun: String = "figure", room: Int = .max) -> String {
        if shownBySolver { return "Solved by the solver" }
        // How it was solved (`unaided`, `2 hints`): the help that knows is said with the solve.
        var text = "Solved in \(clock(solved.seconds)), \(count(solved.moves, "move"))" + (solved.how.map { ", \($0)" } ?? "") + "."
        if recorded?.newBest == true { text += " New best!" }
        if let next = recorded?.next {
            // Enter is the midend's own key for the next figure (`Midend.handle`).
            let offer = " \(GameKey.enter.name): next \(noun) (\(next))"
            let short = " \(GameKey.enter.name): "
            if text.count + offer.count <= room {
                text += offer
            } else if text.count + short.count + next.count <= room {
                text += short + next
            } else {
                text += short + next.prefix(max(1, room - text.count - short.count - 1)) + "…"
            }
        }
        return text
    }

    /// `1 move`, `2 moves`: a count and its noun, plural unless one.
    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// The room for the news on a status line of `width` that starts with `name`.
    static func newsRoom(width: Int, after name: String) -> Int { width - name.count - 6 }

    /// `m:ss` (or `h:mm:ss`), whole seconds: what the status line and the banner show.
    static func clock(_ seconds: Double) -> String {
        // Not a number or past any clock (a forged or damaged value): clamped, never a trap.
        let s = seconds.isFinite ? Int(min(max(0, seconds), 1e12)) : 0
        let (h, m, sec) = (s / 3600, (s / 60) % 60, s % 60)
        let mmss = (m < 10 && h > 0 ? "0" : "") + "\(m):" + (sec < 10 ? "0" : "") + "\(sec)"
        return h > 0 ? "\(h):\(mmss)" : mmss
    }

    /// `parts` one after another with `separator` between them. Appended here rather than by
    /// `joined(separator:)`, whose generic path cost 100,000 instructions a call in the status
    /// line of every login's first frame (issue 35).
    static func joined(_ parts: [String], separator: String) -> String {
        var text = ""
        for index in parts.indices {
            if index > 0 { text.append(separator) }
            text.append(parts[index])
        }
        return text
    }

    /// A line of parts separated by wide gaps, with the last part pushed to the right edge when
    /// there is room (the help and quit keys stay findable in the same place).
    /// `news`, when given, follows the parts in a bright style: the solved moment, told where it
    /// covers nothing of the finished figure.
    static func statusLine(_ parts: [String], trailing: String, news: String? = nil, width: Int, row: Int,
                           into canvas: inout Canvas) {
        let style = TextStyle(reverse: true)
        canvas.put(String(repeating: " ", count: max(0, width)), column: 0, row: row, style: style)
        var left = " " + joined(parts, separator: "   ")
        canvas.put(left, column: 0, row: row, style: style)
        if let news {
            canvas.put("   ", column: left.count, row: row, style: style)
            canvas.put(" " + news + " ", column: left.count + 3, row: row, style: newsStyle)
            left += "   " + " " + news + " "
        }
        // The news comes first: the help and quit keys give way when both do not fit.
        guard news == nil || left.count + 3 + trailing.count <= width else { return }
        let start = max(left.count + 3, width - trailing.count - 1)
        canvas.put(fitted(trailing, width: width - start), column: start, row: row, style: style)
    }

    /// `text`, a row of reminders two or more spaces apart (`w a s d e: turn   Space: drop`), in
    /// `width` columns: whole reminders from the first, the last ones (the least needed) giving
    /// way, never a word cut in half; empty when not even the first fits.
    static func fitted(_ text: String, width: Int) -> String {
        guard text.count > width else { return text }
        let chars = Array(text)
        var cut = 0
        for i in stride(from: 1, to: min(chars.count - 1, width + 1), by: 1)
        where chars[i] == " " && chars[i + 1] == " " && chars[i - 1] != " " {
            cut = i
        }
        return String(chars[..<cut])
    }

    /// A framed box with a title and lines, centred in `area`; the inside is cleared so the box
    /// reads over the picture.
    static func box(title: String, lines: [String], in area: Rect, into canvas: inout Canvas,
                    style: TextStyle = frameStyle, id: HitID = .none) {
        let inner = max(title.count + 2, lines.map(\.count).max() ?? 0)
        let r = area.centred(width: inner + 4, height: lines.count + 2)
        guard r.width >= 4, r.height >= 2 else { return }
        let w = r.width - 2
        canvas.put("┌" + String(repeating: "─", count: w) + "┐", column: r.column, row: r.row, style: style, id: id)
        canvas.put(" \(title) ", column: r.column + 2, row: r.row, style: style, id: id)
        for k in 0..<(r.height - 2) {
            let text = k < lines.count ? lines[k] : ""
            let padded = " " + text + String(repeating: " ", count: max(0, w - 1 - text.count))
            canvas.put("│", column: r.column, row: r.row + 1 + k, style: style, id: id)
            canvas.put(String(padded.prefix(w)), column: r.column + 1, row: r.row + 1 + k, id: id)
            canvas.put("│", column: r.column + w + 1, row: r.row + 1 + k, style: style, id: id)
        }
        canvas.put("└" + String(repeating: "─", count: w) + "┘", column: r.column, row: r.row + r.height - 1,
                   style: style, id: id)
    }

    /// The help overlay: every binding, keys left-aligned in a column; in two columns side by
    /// side when one would not fit the height (an 80x24 terminal), their texts wrapped where the
    /// two would be wider than the screen, so that nothing is cut off.
    static func help(_ bindings: [HelpLine], title: String, in area: Rect, into canvas: inout Canvas) {
        let lines = helpLines(bindings, width: area.width - 4, height: area.height - 6)
        box(title: title, lines: lines + ["", "any key closes this help"], in: area, into: &canvas)
    }

    /// The help's entries for a box `width` columns wide inside and `height` rows tall: one
    /// column when it fits the height; else two, and when the two are wider than the box, the
    /// split of the width between them that needs the fewest rows, texts wrapped at spaces
    /// (a continuation is indented under its text).
    static func helpLines(_ bindings: [HelpLine], width: Int, height: Int) -> [String] {
        func column(_ part: ArraySlice<HelpLine>, width: Int) -> [String] {
            let keyWidth = part.map(\.keys.count).max() ?? 0
            return part.flatMap { line in
                wrapped(line.text, width: width - keyWidth - 2).enumerated().map { i, piece in
                    (i == 0 ? line.keys.padded(to: keyWidth) : String(repeating: " ", count: keyWidth)) + "  " + piece
                }
            }
        }
        let whole = 10_000
        let one = column(bindings[...], width: whole)
        guard one.count > height else { return one }
        let half = (bindings.count + 1) / 2
        let (leftPart, rightPart) = (bindings.prefix(half), bindings.dropFirst(half))
        var left = column(leftPart, width: whole), right = column(rightPart, width: whole)
        let room = width - 3
        func widest(_ lines: [String]) -> Int { lines.map(\.count).max() ?? 0 }
        if widest(left) + widest(right) > room {
            var fewest = Int.max
            for leftWidth in stride(from: min(widest(left), room - 12), through: 12, by: -1) {
                let l = column(leftPart, width: leftWidth), r = column(rightPart, width: room - leftWidth)
                guard widest(l) <= leftWidth, widest(r) <= room - leftWidth else { continue }
                if max(l.count, r.count) < fewest { (fewest, left, right) = (max(l.count, r.count), l, r) }
            }
        }
        let leftWidth = widest(left)
        return (0..<max(left.count, right.count)).map { i in
            (i < left.count ? left[i] : "").padded(to: leftWidth) + "   " + (i < right.count ? right[i] : "")
        }
    }

    /// `text` in lines of at most `width` characters, broken at spaces (a longer word stands
    /// alone on its line).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        return lines + [line]
    }

    /// The feedback of the last command on the bottom line: refusals in red, notes in cyan.
    /// `lead`, when given, comes first in bold: the state of the piece in hand (`V  resting on
    /// L`), so that a refusal reads next to the position that explains it.
    static func feedback(_ feedback: StatusMessage?, fallback: String, lead: String? = nil, width: Int, row: Int,
                         into canvas: inout Canvas) {
        var column = 0
        if let lead {
            canvas.put(" " + lead, column: 0, row: row, style: frameStyle)
            column = lead.count + 3
        }
        guard let feedback else {
            // A sentence (a hint), or a first reminder wider than the line, is cut as it must be.
            let shown = fitted(fallback, width: canvas.width - column - 1)
            canvas.put(" " + (shown.isEmpty ? fallback : shown), column: column, row: row, style: dimStyle)
            return
        }
        canvas.put(" " + feedback.message, column: column, row: row, style: feedback.isRefusal ? refusalStyle : noteStyle)
    }
}

extension String {
    /// Pads with spaces (never truncates) to `length` characters.
    func padded(to length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
