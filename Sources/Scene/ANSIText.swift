extension Canvas {
    /// The canvas as text with ANSI SGR escape sequences for its colours and attributes, for
    /// printing to a terminal (`soma show`, `soma solve --draw`). Colours 0-15 use the basic
    /// codes every colour terminal knows, 16-255 the xterm 256-colour codes. Each line ends with
    /// the attributes reset and trailing blanks removed, so the output pastes cleanly.
    var ansiText: String {
        var out = ""
        out.reserveCapacity(width * height * 4)
        for r in 0..<height {
            var last = width - 1
            while last >= 0, self[last, r].glyph == " ", self[last, r].style == .plain { last -= 1 }
            var current = TextStyle.plain
            if last >= 0 {
                for c in 0...last {
                    let cell = self[c, r]
                    if cell.style != current {
                        out += cell.style.sgr
                        current = cell.style
                    }
                    out.append(cell.glyph)
                }
            }
            if current != .plain { out += "\u{1B}[0m" }
            if r < height - 1 { out += "\n" }
        }
        return out
    }
}

extension TextStyle {
    /// The SGR sequence that sets exactly this style from any other (it starts with a reset).
    var sgr: String {
        var codes = ["0"]
        if bold { codes.append("1") }
        if dim { codes.append("2") }
        if underline { codes.append("4") }
        if reverse { codes.append("7") }
        if case .index(let n) = foreground {
            codes.append(n < 8 ? "\(30 + n)" : (n < 16 ? "\(90 + n - 8)" : "38;5;\(n)"))
        }
        if case .index(let n) = background {
            codes.append(n < 8 ? "\(40 + n)" : (n < 16 ? "\(100 + n - 8)" : "48;5;\(n)"))
        }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
