import Testing
@testable import Terminal

@Suite("Raw input splitter")
struct RawInputSplitterTests {
    /// A key table like xterm's, in ncurses' terms: codes for whole keys, beginnings as prefixes.
    static let table: [[UInt8]: Int32] = [
        Array("\u{1b}OA".utf8): 0o403,          // KEY_UP, application cursor mode
        Array("\u{1b}[A".utf8): 0o403,          // KEY_UP, normal mode
        Array("\u{1b}[1;5C".utf8): 0x220,       // kRIT5 (a number above KEY_MAX)
        Array("\u{1b}[<".utf8): TerminalSession.mousePrefixCode,
        Array("\u{1b}[I".utf8): TerminalSession.focusInCode,
        Array("\u{7f}".utf8): 0o407,            // KEY_BACKSPACE (kbs)
    ]

    static func keys(_ run: ArraySlice<UInt8>) -> RawInputSplitter.KeyMatch {
        if let code = table[Array(run)] { return .key(code) }
        return table.keys.contains { $0.count > run.count && $0.starts(with: run) } ? .prefix : .none
    }

    /// Every unit the bytes give now, with the escape delay passed at each `.incomplete`.
    static func units(_ text: String, utf8: Bool = true, expire: Bool = true) -> [RawInputSplitter.Unit] {
        var splitter = RawInputSplitter(isUTF8: utf8)
        splitter.append(Array(text.utf8))
        return drain(&splitter, expire: expire)
    }

    static func drain(_ splitter: inout RawInputSplitter, expire: Bool) -> [RawInputSplitter.Unit] {
        var out: [RawInputSplitter.Unit] = []
        var expired = false
        while let unit = splitter.next(expired: expired, keys: keys) {
            if unit == .incomplete {
                out.append(unit)
                guard expire, !expired else { break }
                expired = true
                continue
            }
            out.append(unit)
            expired = false
        }
        return out
    }

    static func chars(_ text: String) -> [RawInputSplitter.Unit] { text.unicodeScalars.map { .character($0) } }

    @Test("plain text is characters, UTF-8 decoded")
    func plainText() {
        #expect(Self.units("aü€😀 ") == Self.chars("aü€😀 "))
    }

    @Test("whole keys from the table, back to back with text")
    func keysAndText() {
        #expect(Self.units("x\u{1b}OA\u{1b}[A\u{1b}[1;5Cy\u{7f}")
            == [.character("x"), .key(0o403), .key(0o403), .key(0x220), .character("y"), .key(0o407)])
        #expect(Self.units("\u{1b}[<0;3;4M") == [.key(TerminalSession.mousePrefixCode)] + Self.chars("0;3;4M"))
    }

    @Test("a sequence no key starts with gives its ESC as a character and the rest as text")
    func unknownSequence() {
        // The colour answer and device attributes: ncurses gave them byte by byte too, and the
        // decoder recognises them from those characters.
        #expect(Self.units("\u{1b}]11;rgb:0/0/0\u{7}") == Self.chars("\u{1b}]11;rgb:0/0/0\u{7}"))
        #expect(Self.units("\u{1b}[?62;22c") == Self.chars("\u{1b}[?62;22c"))
        #expect(Self.units("\u{1b}x") == Self.chars("\u{1b}x"))
    }

    @Test("the beginning of a key waits for its rest, and is cut as text once the delay passes")
    func splitKey() {
        var splitter = RawInputSplitter(isUTF8: true)
        splitter.append(Array("\u{1b}[".utf8))
        #expect(splitter.next(keys: Self.keys) == .incomplete)
        #expect(splitter.pendingCount == 2)
        splitter.append(Array("A".utf8))
        #expect(splitter.next(keys: Self.keys) == .key(0o403))
        #expect(splitter.isEmpty)
        #expect(splitter.next(keys: Self.keys) == nil)

        // A bare Escape: nothing follows within the delay.
        #expect(Self.units("\u{1b}") == [.incomplete, .character("\u{1b}")])
        // ESC [ then nothing: ESC alone, then `[` (no key starts with it).
        #expect(Self.units("\u{1b}[") == [.incomplete, .character("\u{1b}"), .character("[")])
        // Without the delay passing, nothing is given away.
        #expect(Self.units("a\u{1b}[1;", expire: false) == [.character("a"), .incomplete])
    }

    @Test("a character split across reads waits for its last bytes")
    func splitCharacter() {
        var splitter = RawInputSplitter(isUTF8: true)
        let euro = Array("€".utf8)
        splitter.append(euro[0..<2])
        #expect(splitter.next(keys: Self.keys) == .incomplete)
        splitter.append(euro[2...])
        #expect(splitter.next(keys: Self.keys) == .character("€"))
    }

    @Test("garbled UTF-8 is dropped, never read as keys; other bytes are cut again")
    func garbledBytes() {
        var splitter = RawInputSplitter(isUTF8: true)
        splitter.append([0xFF, 0x61, 0xE2, 0x82, 0x62, 0xC0, 0xAF, 0xED, 0xA0, 0x80, 0x63])
        // FF begins nothing; E2 82 is cut short by `b`; C0 AF is overlong; ED A0 80 a surrogate.
        #expect(Self.drain(&splitter, expire: true) == Self.chars("abc"))
        // A lead byte whose rest never comes: waited for, then dropped once the delay passes.
        var cut = RawInputSplitter(isUTF8: true)
        cut.append([0xE2])
        #expect(Self.drain(&cut, expire: true) == [.incomplete])
        #expect(cut.isEmpty)
    }

    @Test("outside UTF-8 each byte is a character")
    func singleByteLocale() {
        var splitter = RawInputSplitter(isUTF8: false)
        splitter.append([0x61, 0xE9])
        #expect(Self.drain(&splitter, expire: true) == [.character("a"), .character("\u{E9}")])
    }

    @Test("a long paste is cut whole, in order, across many appends")
    func longInput() {
        var splitter = RawInputSplitter(isUTF8: true)
        var expected: [RawInputSplitter.Unit] = []
        var got: [RawInputSplitter.Unit] = []
        for round in 0..<200 {
            splitter.append(Array("k\(round % 10)\u{1b}[A".utf8))
            expected += Self.chars("k\(round % 10)") + [.key(0o403)]
            if round % 3 == 0 { got += Self.drain(&splitter, expire: true) }
        }
        got += Self.drain(&splitter, expire: true)
        #expect(got == expected)
        #expect(splitter.isEmpty)
    }
}
