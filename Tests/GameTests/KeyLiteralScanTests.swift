import Foundation
import Testing

/// Issue 33: no user-facing string in `Sources/Game`, nor in the screen program and the terminal
/// layer under it (`Sources/App`, `Sources/Terminal`), names a key by hand, so that a remapped key
/// can never leave a stale name on screen: every name comes from a key table (`KeyTable`,
/// `KeyTable.reminder`, `GameKey.name`). The scan reads every string literal outside comments
/// and looks for a key's name where a reminder would put it (`Esc: back`, `Tab or 1-7`, `u
/// undoes`, `(Esc cancels)`); the key tables' own labels and the names' one definition are the
/// places a key is written, and are left out by what they are, not by file.
@Suite("No hand-written key names in the game's strings")
struct KeyLiteralScanTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    static let game = sources.appendingPathComponent("Game")

    /// A key named as a reminder names it: `NAME:`, `NAME or`, `NAME cancels`... A multi-letter
    /// name anywhere in a word of its own, a single letter only before one of those.
    static let named = try! NSRegularExpression(pattern:
        #"\b(Space|Enter|Esc|Tab|S-Tab|PgUp|PgDn|Backspace|Delete|Home|End|Shift-[A-Za-z]+|\^[A-Z])\b(?!-)"#
        + #"|(^|[\s(])[A-Za-z?+=\-](:|\s(or|undoes|redoes|cancels|quits|skips|drops|hides|keeps|replaces))(\s|$)"#)

    /// The string literals of one line of code, none inside a comment, each interpolation as `{}`.
    static func literals(in line: String) -> [String] {
        let chars = Array(line)
        var result: [String] = []
        var i = 0
        while i < chars.count {
            if chars[i] == "/" && i + 1 < chars.count && chars[i + 1] == "/" { break }   // a comment to the line's end
            guard chars[i] == "\"" else {
                i += 1
                continue
            }
            var text = ""
            i += 1
            while i < chars.count && chars[i] != "\"" {
                if chars[i] == "\\" && i + 1 < chars.count && chars[i + 1] == "(" {
                    var depth = 1
                    i += 2
                    while i < chars.count && depth > 0 {
                        if chars[i] == "(" { depth += 1 } else if chars[i] == ")" { depth -= 1 }
                        i += 1
                    }
                    text += "{}"
                    continue
                }
                if chars[i] == "\\" { i += 1 }
                if i < chars.count { text.append(chars[i]) }
                i += 1
            }
            result.append(text)
            i += 1
        }
        return result
    }

    /// The lines that may write a key: the key tables' own lines (`.keys("Tab/S-Tab", ...)`,
    /// `.gesture(...)`), and `GameKey.name`'s one spelling of each key (`case .tab: "Tab"`).
    static func isDefinition(_ line: String) -> Bool {
        let code = line.trimmingCharacters(in: .whitespaces)
        return code.hasPrefix(".keys(") || code.hasPrefix(".gesture(") || code.range(of: #"^case \.[a-zA-Z]+(\("[^"]*"\))?: "[^" ]*"$"#,
                                                                                         options: .regularExpression) != nil
    }

    static func offences(in text: String, file: String) -> [String] {
        var found: [String] = []
        var inBlockComment = false
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(line)
            if line.contains("/*") { inBlockComment = true }
            defer { if line.contains("*/") { inBlockComment = false } }
            if inBlockComment || isDefinition(line) { continue }
            for literal in literals(in: line) {
                let range = NSRange(literal.startIndex..., in: literal)
                if named.firstMatch(in: literal, range: range) != nil { found.append("\(file):\(number + 1): \"\(literal)\"") }
            }
        }
        return found
    }

    @Test("the scan finds hand-written key names, and leaves other words alone")
    func scanFindsThem() {
        #expect(Self.offences(in: #"let help = "Enter: play  Esc: back""#, file: "x").count == 1)
        #expect(Self.offences(in: #"    case .noSelection: "Select a piece first (Tab or 1-7)""#, file: "x").count == 1)
        #expect(Self.offences(in: #"feedback = .note("All pieces back: u undoes")"#, file: "x").count == 1)
        #expect(Self.offences(in: #"return .refused("Type a name first (Esc cancels)")"#, file: "x").count == 1)
        #expect(Self.offences(in: #"return "floating: Space drops it""#, file: "x").count == 1)
        #expect(Self.offences(in: #"feedback = .note("All pieces back: \(reminders.undo) undoes")"#, file: "x").isEmpty)
        #expect(Self.offences(in: #"return "Put the pieces into the grey cube""#, file: "x").isEmpty)
        #expect(Self.offences(in: #"        .keys("Space/Enter", [.character(" "), .enter], .add, "add a cube")"#, file: "x").isEmpty)
        #expect(Self.offences(in: #"        case .escape: "Esc""#, file: "x").isEmpty)
        #expect(Self.offences(in: #"    /// `Esc: back` in a comment"#, file: "x").isEmpty)
    }

    /// The Swift files under `folder`.
    static func files(in folder: URL) -> [URL] {
        FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    }

    @Test("no string in Sources/Game names a key by hand")
    func noneInTheGame() throws {
        let files = Self.files(in: Self.game)
        #expect(files.count > 50, "the scan reads the game's sources")
        var found: [String] = []
        for file in files {
            found += Self.offences(in: try String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent)
        }
        #expect(found == [], "\(found.joined(separator: "\n"))")
    }

    /// The screen program, the input test's screen and the terminal layer draw lines of their
    /// own (the window too small, the input test's top line): none names a key by hand either.
    /// (The commands' `--help` texts in `Sources/soma` describe the keys as shipped, before any remapping.)
    @Test("no string in Sources/App or Sources/Terminal names a key by hand", arguments: ["App", "Terminal"])
    func noneInTheHost(_ folder: String) throws {
        let files = Self.files(in: Self.sources.appendingPathComponent(folder))
        #expect(files.count > 5, "the scan reads \(folder)")
        var found: [String] = []
        for file in files {
            found += Self.offences(in: try String(contentsOf: file, encoding: .utf8), file: file.lastPathComponent)
        }
        #expect(found == [], "\(found.joined(separator: "\n"))")
    }
}
