import Polycube

/// The part of TOML a settings file needs, read strictly: comments, `[table]` headers, and
/// `key = value` lines whose value is a string (basic `"..."` or literal `'...'`), an integer,
/// a boolean or a one-line array of strings. Anything else TOML allows (multi-line strings,
/// inline tables, floats, dates) is refused with its line, never guessed at.
///
/// Why not a TOML package: the one at hand (TOMLKit 0.6.0) wraps the C++ toml++ (17,700 lines of
/// header, compiled with exceptions, libstdc++ linked) and imports Foundation's `Data`, `Date`
/// and `Calendar`, which pulls full Foundation and its ICU data (some 40 MB) into a binary that
/// is meant to stay Foundation-light and under 25 MB; a settings file of a few keys needs none
/// of it.
struct TOMLSubset {
    enum Value: Hashable, Sendable {
        case string(String)
        case integer(Int)
        case boolean(Bool)
        case strings([String])

        /// How the value reads in a message.
        var kind: String {
            switch self {
            case .string: "a string"
            case .integer: "an integer"
            case .boolean: "true or false"
            case .strings: "an array of strings"
            }
        }
    }

    /// One `key = value` line: the table it is in (`""` before any header), the key, the value
    /// and its line number (1-based).
    struct Entry: Hashable, Sendable {
        var table: String
        var key: String
        var value: Value
        var line: Int
    }

    /// A line that is not TOML this reader accepts.
    struct Problem: Error, Equatable {
        var line: Int
        var message: String
    }

    static func parse(_ text: String) throws(Problem) -> [Entry] {
        var entries: [Entry] = []
        var table = ""
        var seen: Set<String> = []
        var tables: Set<String> = []
        // A byte-order mark (some editors write one) is no part of the text, and "\r\n" is one
        // Character in Swift, so lines split on both ends (figure files accept both too).
        let body = text.unicodeScalars.first == "\u{FEFF}" ? Substring(text.unicodeScalars.dropFirst()) : Substring(text)
        for (index, raw) in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let number = index + 1
            var reader = Reader(line: Array(raw.hasSuffix("\r") ? raw.dropLast() : raw), number: number)
            reader.skipSpaces()
            if reader.atEnd || reader.peek == "#" { continue }
            if reader.peek == "[" {
                reader.advance()
                if reader.peek == "[" { throw Problem(line: number, message: "arrays of tables ([[...]]) are not supported here") }
                var parts: [String] = []
                repeat {
                    reader.skipSpaces()
                    parts.append(try reader.key())
                    reader.skipSpaces()
                } while reader.take(".")
                guard reader.take("]") else { throw Problem(line: number, message: "expected ] to close the table name") }
                try reader.expectLineEnd()
                table = parts.joined(separator: ".")
                guard tables.insert(table).inserted else { throw Problem(line: number, message: "table [\(table)] appears twice") }
                continue
            }
            let key = try reader.key()
            reader.skipSpaces()
            if reader.peek == "." { throw Problem(line: number, message: "dotted keys are not supported here; use a [table]") }
            // The key is not echoed: a file that is not a settings file at all (a link to another
            // file by mistake) must not have its first word printed.
            guard reader.take("=") else { throw Problem(line: number, message: "expected = after the key") }
            reader.skipSpaces()
            let value = try reader.value()
            try reader.expectLineEnd()
            let path = table.isEmpty ? key : table + "." + key
            guard seen.insert(path).inserted else { throw Problem(line: number, message: "\(key) is set twice") }
            entries.append(Entry(table: table, key: key, value: value, line: number))
        }
        return entries
    }

    /// A cursor over one line.
    private struct Reader {
        let line: [Character]
        let number: Int
        var position = 0

        init(line: [Character], number: Int) {
            self.line = line
            self.number = number
        }

        var atEnd: Bool { position >= line.count }
        var peek: Character? { atEnd ? nil : line[position] }
        mutating func advance() { position += 1 }

        mutating func take(_ c: Character) -> Bool {
            guard peek == c else { return false }
            advance()
            return true
        }

        mutating func skipSpaces() {
            while peek == " " || peek == "\t" { advance() }
        }

        func problem(_ message: String) -> Problem { Problem(line: number, message: message) }

        /// Only spaces and a comment may follow.
        mutating func expectLineEnd() throws(Problem) {
            skipSpaces()
            guard atEnd || peek == "#" else { throw problem("unexpected \(UntrustedText.shown(String(line[position...]), limit: 24)) at the end of the line") }
        }

        /// A bare key (letters, digits, `-`, `_`) or a quoted one.
        mutating func key() throws(Problem) -> String {
            if peek == "\"" || peek == "'" { return try string() }
            var key = ""
            while let c = peek, c.isASCII, c.isLetter || c.isNumber || c == "-" || c == "_" {
                key.append(c)
                advance()
            }
            guard !key.isEmpty else {
                throw problem(atEnd ? "expected a key" : "expected a key, found \(UntrustedText.shown(String(peek!))) (quote keys such as \"?\")")
            }
            return key
        }

        mutating func value() throws(Problem) -> Value {
            guard let c = peek else { throw problem("expected a value after =") }
            switch c {
            case "\"", "'":
                return .string(try string())
            case "[":
                advance()
                var items: [String] = []
                skipSpaces()
                while !take("]") {
                    guard peek == "\"" || peek == "'" else { throw problem("arrays here hold strings only, in quotes") }
                    items.append(try string())
                    skipSpaces()
                    if take(",") { skipSpaces(); continue }
                    guard take("]") else { throw problem("expected , or ] in the array") }
                    break
                }
                return .strings(items)
            default:
                var word = ""
                while let c = peek, c != " ", c != "\t", c != "#" {
                    word.append(c)
                    advance()
                }
                if word == "true" { return .boolean(true) }
                if word == "false" { return .boolean(false) }
                let digits = word.filter { $0 != "_" }
                if let n = Int(digits), !word.hasPrefix("_"), !word.hasSuffix("_") { return .integer(n) }
                let shown = UntrustedText.shown(word, limit: 24)
                throw problem("\(shown) is not a value: strings need quotes (\"\(shown)\")")
            }
        }

        /// A basic string with TOML's escapes, or a literal one; on one line.
        mutating func string() throws(Problem) -> String {
            let quote = peek!
            advance()
            if peek == quote, position + 1 < line.count, line[position + 1] == quote {
                throw problem("multi-line strings are not supported here")
            }
            var text = ""
            while let c = peek {
                advance()
                if c == quote { return text }
                if c == "\\" && quote == "\"" {
                    guard let e = peek else { break }
                    advance()
                    switch e {
                    case "\"": text.append("\"")
                    case "\\": text.append("\\")
                    case "n": text.append("\n")
                    case "t": text.append("\t")
                    case "u", "U":
                        let length = e == "u" ? 4 : 8
                        guard position + length <= line.count, let v = UInt32(String(line[position..<position + length]), radix: 16),
                              let scalar = Unicode.Scalar(v) else { throw problem("bad \\\(e) escape") }
                        text.unicodeScalars.append(scalar)
                        position += length
                    default: throw problem("unknown escape \\\(e)")
                    }
                } else {
                    text.append(c)
                }
            }
            throw problem("the string has no closing \(quote)")
        }
    }
}
