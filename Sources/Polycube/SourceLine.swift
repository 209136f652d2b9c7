/// One line of a text file with its 1-based number, as the readers see it: split without losing
/// line numbers, so that every error can point at the exact line and column.
struct SourceLine {
    var number: Int
    /// The line without its end-of-line characters.
    var text: Substring

    /// Splits into lines at `\n`, `\r\n` (a file saved on Windows) or a lone `\r`, after a
    /// UTF-8 byte-order mark if the file starts with one.
    ///
    /// Swift's `Character` is a grapheme cluster, so `\r\n` is *one* character that is not
    /// equal to `"\n"`: splitting on `"\n"` alone left Windows files as one long line.
    ///
    /// The ends are found in the UTF-8 bytes, not by walking `Character`s (a grapheme breaker
    /// per character, a third of the parse of a catalog figure at start-up, issue 35). The same
    /// places: `\n` and `\r` are always grapheme boundaries, and `\r\n` is one end.
    static func lines(of text: String) -> [SourceLine] {
        var result: [SourceLine] = []
        var number = 1
        let body = text.first == "\u{FEFF}" ? text.dropFirst() : text[...]
        let bytes = body.utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index = bytes.index(after: index)
                continue
            }
            result.append(SourceLine(number: number, text: body[start..<index]))
            number += 1
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "\r"), index != bytes.endIndex, bytes[index] == UInt8(ascii: "\n") {
                index = bytes.index(after: index)
            }
            start = index
        }
        result.append(SourceLine(number: number, text: body[start..<bytes.endIndex]))
        // A final newline does not start another line.
        if let last = result.last, last.text.isEmpty, result.count > 1 { result.removeLast() }
        return result
    }

    /// The text before the first `marker`, and whether a comment was cut off.
    func strippingComment(_ marker: Character) -> (text: Substring, hadComment: Bool) {
        // In ASCII text (nearly every line) a byte is a character: found without a grapheme
        // breaker per character (issue 37). The index is the same either way.
        if let byte = marker.asciiValue, SourceLine.isASCII(text) {
            guard let i = text.utf8.firstIndex(of: byte) else { return (text, false) }
            return (text[..<i], true)
        }
        guard let i = text.firstIndex(of: marker) else { return (text, false) }
        return (text[..<i], true)
    }

    /// True when every byte of `s` is ASCII: then its characters are its bytes (a line holds
    /// no `\r\n`, the one ASCII pair that is a single character).
    static func isASCII(_ s: Substring) -> Bool {
        s.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? s.utf8.allSatisfy { $0 < 0x80 }
    }

    /// True when the line holds nothing but spaces and tabs.
    static func isBlank(_ s: Substring) -> Bool {
        s.utf8.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    }

    /// `s` without trailing spaces and tabs.
    static func trimmingTrailing(_ s: Substring) -> Substring {
        if isASCII(s) {
            var end = s.utf8.endIndex
            while end > s.utf8.startIndex {
                let before = s.utf8.index(before: end)
                guard s.utf8[before] == UInt8(ascii: " ") || s.utf8[before] == UInt8(ascii: "\t") else { break }
                end = before
            }
            return s[..<end]
        }
        var end = s.endIndex
        while end > s.startIndex, s[s.index(before: end)] == " " || s[s.index(before: end)] == "\t" {
            end = s.index(before: end)
        }
        return s[..<end]
    }

    /// `s` without leading and trailing spaces and tabs.
    static func trimming(_ s: Substring) -> Substring {
        let t = trimmingTrailing(s)
        return t.drop { $0 == " " || $0 == "\t" }
    }

    /// `token` as an error message quotes it: at most 24 characters, so that a message never
    /// echoes a whole line of a file that is not what it was taken for.
    static func quoted(_ token: some StringProtocol) -> String {
        token.count <= 24 ? "`\(token)`" : "`\(token.prefix(23))…`"
    }

    /// The 1-based column of `index` in this line. It walks the line, so loops over a line's
    /// characters count columns themselves and call this only to report an error.
    func column(of index: Substring.Index) -> Int {
        text.distance(from: text.startIndex, to: index) + 1
    }
}
