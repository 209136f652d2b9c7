import Scene

/// The picture shown instead of the program while the terminal is smaller than it needs:
/// a centred request to enlarge the window, word-wrapped to whatever width there is.
enum TooSmallScreen {
    static func canvas(size: ScreenSize, minimum: ScreenSize) -> Canvas {
        var canvas = Canvas(width: size.width, height: size.height)
        let message = "enlarge the window to at least \(minimum.width)x\(minimum.height)"
        let messageLines = wrap(message, width: max(1, size.width))
        let lines = messageLines + (size.height >= messageLines.count + 2 ? ["", "Ctrl-C quits"] : [])
        let top = max(0, (size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            let column = max(0, (size.width - line.count) / 2)
            canvas.put(line, column: column, row: top + i, style: i < messageLines.count ? TextStyle(bold: true) : .plain)
        }
        return canvas
    }

    /// Greedy word wrap; a word longer than `width` is cut.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let word = String(word.prefix(width))
            if line.isEmpty {
                line = word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
