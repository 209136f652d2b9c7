import Foundation
import Testing
@testable import Scene

/// Compares text with a file under `Snapshots/` next to this source file. With the environment
/// variable `SOMA_RECORD_SNAPSHOTS=1` (or when the file does not exist yet) it writes the file
/// instead and records an issue for a missing file, so a new snapshot is never taken silently.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + ".txt")
        let recording = ProcessInfo.processInfo.environment["SOMA_RECORD_SNAPSHOTS"] == "1"
        let stored = try? String(contentsOf: url, encoding: .utf8)
        if recording || stored == nil {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? (text + "\n").write(to: url, atomically: true, encoding: .utf8)
            if stored == nil && !recording {
                Issue.record("Recorded new snapshot \(name).txt; review it and run again", sourceLocation: sourceLocation)
            }
            return
        }
        guard let stored, stored != text + "\n" else { return }
        // Point at the first line that differs: in a colour grid, the row and column of the cell.
        let old = stored.split(separator: "\n", omittingEmptySubsequences: false)
        let new = (text + "\n").split(separator: "\n", omittingEmptySubsequences: false)
        let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
        let was = line < old.count ? String(old[line]) : "(end)", now = line < new.count ? String(new[line]) : "(end)"
        let message = "snapshot \(name).txt differs at line \(line + 1):\n  stored: \(was)\n  now:    \(now)\n"
            + "rerun with SOMA_RECORD_SNAPSHOTS=1 to accept"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

extension Snapshot {
    /// Compares a canvas: its text, and, when anything on it is coloured, which colour each cell
    /// has, as grids a reviewer can read next to the text (one letter per colour, explained in a
    /// legend), so that a cell drawn in the wrong colour fails the test as a wrong glyph does.
    static func check(_ canvas: Canvas, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        check(describe(canvas), named: name, sourceLocation: sourceLocation)
    }

    /// The text; then those of these grids that are not blank: the foreground, the background
    /// (a space is the terminal's default colour, a letter a palette colour) and the attributes
    /// (b bold, d dim, r reverse, u underline, + more than one), trailing spaces trimmed; then
    /// the legend of the letters. A plain canvas is its text alone.
    static func describe(_ canvas: Canvas) -> String {
        let cells = canvas.cells
        guard cells.contains(where: { $0.style != .plain }) else { return canvas.text }
        var letters: [TerminalColor: Character] = [:]
        var order: [TerminalColor] = []
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        func letter(_ colour: TerminalColor) -> Character {
            if colour == .default { return " " }
            if let l = letters[colour] { return l }
            let l = order.count < alphabet.count ? alphabet[order.count] : "?"
            letters[colour] = l
            order.append(colour)
            return l
        }
        func attributes(_ s: TextStyle) -> Character {
            let set = [(s.bold, "b"), (s.dim, "d"), (s.reverse, "r"), (s.underline, "u")].filter(\.0)
            return set.isEmpty ? " " : set.count > 1 ? "+" : Character(set[0].1)
        }
        func grid(_ glyph: (TerminalCell) -> Character) -> String {
            (0..<canvas.height).map { r in
                var line = String((0..<canvas.width).map { glyph(canvas[$0, r]) })
                while line.last == " " { line.removeLast() }
                return line
            }.joined(separator: "\n")
        }
        var out = canvas.text
        if cells.contains(where: { $0.style.foreground != .default }) {
            out += "\n\n-- foreground --\n" + grid { letter($0.style.foreground) }
        }
        if cells.contains(where: { $0.style.background != .default }) {
            out += "\n\n-- background --\n" + grid { letter($0.style.background) }
        }
        if cells.contains(where: { attributes($0.style) != " " }) {
            out += "\n\n-- attributes (b bold, d dim, r reverse, u underline, + several) --\n" + grid { attributes($0.style) }
        }
        if !order.isEmpty {
            out += "\n\n-- legend --\n" + order.map { "\(letters[$0]!)  \(name(of: $0))" }.joined(separator: "\n")
        }
        return out
    }

    /// A palette colour as a reviewer can picture it: the ANSI name, or the xterm cube's RGB.
    static func name(of colour: TerminalColor) -> String {
        guard case let .index(i) = colour else { return "default" }
        let ansi = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        switch Int(i) {
        case 0..<8: return "\(i) \(ansi[Int(i)])"
        case 8..<16: return "\(i) bright \(ansi[Int(i) - 8])"
        case 16..<232:
            let levels = [0, 95, 135, 175, 215, 255], n = Int(i) - 16
            let rgb = [levels[n / 36], levels[n / 6 % 6], levels[n % 6]]
            return "\(i) #" + rgb.map { hex($0) }.joined()
        default:
            let grey = 8 + 10 * (Int(i) - 232)
            return "\(i) grey #" + String(repeating: hex(grey), count: 3)
        }
    }

    private static func hex(_ v: Int) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[v / 16], digits[v % 16]])
    }
}
