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
        var text = "Solved in \(clock(solved.seconds)), \(solved.moves) move\(solved.moves == 1 ? "" : "s")."
        if recorded?.newBest == true { text += " New best!" }
        if let next = recorded?.next {
            let offer = " Enter: next \(noun) (\(next))"
            let short = " Enter: "
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

    /// The room for the news on a status line of `width` that starts with `name`.
    static func newsRoom(width: Int, after name: String) -> Int { width - name.count - 6 }

    /// `m:ss` (or `h:mm:ss`), whole seconds: what the status line and the banner show.
    static func clock(_ seconds: Double) -> String {
        let s = Int(max(0, seconds))
        let (h, m, sec) = (s / 3600, (s / 60) % 60, s % 60)
        let mmss = (m < 10 && h > 0 ? "0" : "") + "\(m):" + (sec < 10 ? "0" : "") + "\(sec)"
        return h > 0 ? "\(h):\(mmss)" : mmss
    }

    /// A line of parts separated by wide gaps, with the last part pushed to the right edge when
    /// there is room (the help and quit keys stay findable in the same place).
    /// `news`, when given, follows the parts in a bright style: the solved moment, told where it
    /// covers nothing of the finished figure.
    static func statusLine(_ parts: [String], trailing: String, news: String? = nil, width: Int, row: Int,
                           into canvas: inout Canvas) {
        let style = TextStyle(reverse: true)
        canvas.put(String(repeating: " ", count: max(0, width)), column: 0, row: row, style: style)
        var left = " " + parts.joined(separator: "   ")
        canvas.put(left, column: 0, row: row, style: style)
        if let news {
            canvas.put("   ", column: left.count, row: row, style: style)
            canvas.put(" " + news + " ", column: left.count + 3, row: row, style: newsStyle)
            left += "   " + " " + news + " "
        }
        // The news comes first: the help and quit keys give way when both do not fit.
        guard news == nil || left.count + 3 + trailing.count <= width else { return }
        let start = max(left.count + 3, width - trailing.count - 1)
        canvas.put(trailing, column: start, row: row, style: style)
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
    /// side when one would not fit the height (an 80x24 terminal).
    static func help(_ bindings: [HelpLine], title: String, in area: Rect, into canvas: inout Canvas) {
        func column(_ part: ArraySlice<HelpLine>) -> [String] {
            let keyWidth = part.map(\.keys.count).max() ?? 0
            return part.map { $0.keys.padded(to: keyWidth) + "  " + $0.text }
        }
        var lines = column(bindings[...])
        if lines.count + 4 > area.height {
            let half = (bindings.count + 1) / 2
            let left = column(bindings.prefix(half)), right = column(bindings.dropFirst(half))
            let width = left.map(\.count).max() ?? 0
            lines = left.indices.map { i in left[i].padded(to: width) + "   " + (i < right.count ? right[i] : "") }
        }
        box(title: title, lines: lines + ["", "any key closes this help"], in: area, into: &canvas)
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
            canvas.put(" " + fallback, column: column, row: row, style: dimStyle)
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
