import Testing
@testable import Terminal

@Suite("Input decoder")
struct InputDecoderTests {
    /// Feeds units and collects every event.
    func decode(_ inputs: [RawInput], decoder: inout InputDecoder) -> [InputEvent] {
        inputs.flatMap { decoder.feed($0) }
    }

    func decode(_ inputs: [RawInput]) -> [InputEvent] {
        var decoder = InputDecoder()
        return decode(inputs, decoder: &decoder)
    }

    func chars(_ text: String) -> [RawInput] { text.unicodeScalars.map { .character($0) } }

    func key(_ key: Key, _ modifiers: KeyModifiers = []) -> InputEvent { .key(KeyPress(key, modifiers)) }

    @Test("printable characters, Enter, Tab, Backspace")
    func plainKeys() {
        #expect(decode(chars("aü?")) == [key(.character("a")), key(.character("ü")), key(.character("?"))])
        #expect(decode(chars("\r\t\u{7f}")) == [key(.enter), key(.tab), key(.backspace)])
    }

    @Test("raw mode control bytes become Control-letter")
    func controlKeys() {
        #expect(decode([.character("\u{03}"), .character("\u{1a}")])
            == [key(.character("c"), .control), key(.character("z"), .control)])
        #expect(decode([.character("\u{1c}")]) == [key(.character("\\"), .control)])
    }

    @Test("a bare ESC is an Escape only once nothing follows")
    func bareEscape() {
        var decoder = InputDecoder()
        #expect(decoder.feed(.character("\u{1b}")) == [])
        #expect(decoder.wait == .followUp)
        #expect(decoder.feed(.timeout) == [key(.escape)])
        #expect(decoder.wait == .idle)
    }

    @Test("ESC followed by a character is Alt+character")
    func altKey() {
        #expect(decode(chars("\u{1b}x")) == [key(.character("x"), .alt)])
        #expect(decode([.character("\u{1b}"), .keyName("KEY_LEFT")]) == [key(.left, .alt)])
    }

    @Test("two ESCs are one Escape and a pending one")
    func doubleEscape() {
        #expect(decode(chars("\u{1b}\u{1b}") + [.timeout]) == [key(.escape), key(.escape)])
    }

    @Test("ncurses key names, standard and extended")
    func keyNames() {
        let names: [(String, InputEvent)] = [
            ("KEY_UP", key(.up)), ("KEY_NPAGE", key(.pageDown)), ("KEY_BTAB", key(.tab, .shift)),
            ("KEY_SR", key(.up, .shift)), ("KEY_SLEFT", key(.left, .shift)), ("KEY_F(12)", key(.function(12))),
            ("kRIT5", key(.right, .control)), ("kUP3", key(.up, .alt)), ("kDN6", key(.down, [.shift, .control])),
            ("kLFT", key(.left, .shift)), ("kDC5", key(.delete, .control)),
        ]
        for (name, expected) in names {
            #expect(decode([.keyName(name)]) == [expected], "\(name)")
        }
        #expect(decode([.keyName("KEY_MOUSE"), .keyName("kRIT9"), .keyName("UNKNOWN KEY")]) == [])
    }

    @Test("a note from soma serve (ESC ] 5379 ; TEXT BEL) is one event; other commands and broken ones are dropped")
    func hostNote() {
        var decoder = InputDecoder()
        let note: [RawInput] = chars("\u{1b}]5379;watchers 2\u{07}")
        #expect(decode(note + chars("q"), decoder: &decoder) == [.hostNote("watchers 2"), key(.character("q"))])
        #expect(decoder.wait == .idle)
        // Split by a slow line: the decoder waits for the rest.
        #expect(decode(Array(note.prefix(5)), decoder: &decoder) == [])
        #expect(decoder.wait == .tail)
        #expect(decode(Array(note.dropFirst(5)), decoder: &decoder) == [.hostNote("watchers 2")])
        // Another program's command, one cut off by the timeout, one broken by a new ESC, one too long.
        #expect(decode(chars("\u{1b}]0;title\u{07}x")) == [key(.character("x"))])
        #expect(decode(chars("\u{1b}]5379;wat") + [.timeout] + chars("y")) == [key(.character("y"))])
        #expect(decode(chars("\u{1b}]5379;wat\u{1b}[I")) == [.focus(true)])
        #expect(decode(chars("\u{1b}]5379;" + String(repeating: "w", count: 500) + "\u{07}z")) == [key(.character("z"))])
        // Alt-] opens a command as far as the decoder can tell: nothing follows, nothing comes of it.
        #expect(decode(chars("\u{1b}]") + [.timeout]) == [])
    }

    @Test("a mouse report: prefix from ncurses, tail read by us")
    func mouseReport() {
        var decoder = InputDecoder()
        #expect(decoder.feed(.mousePrefix) == [])
        #expect(decoder.wait == .tail)
        let events = decode(chars("0;10;5M"), decoder: &decoder)
        #expect(events == [.mouse(MouseEvent(.press, .left, column: 9, row: 4))])
        #expect(decoder.wait == .idle)
    }

    @Test("a burst of reports decodes every event in order")
    func burst() {
        let inputs: [RawInput] = [.mousePrefix] + chars("0;40;10M") + [.mousePrefix] + chars("32;41;10M")
            + [.mousePrefix] + chars("32;42;11M") + [.mousePrefix] + chars("0;42;11m")
        let actions: [MouseAction?] = decode(inputs).map { event -> MouseAction? in
            if case .mouse(let m) = event { return m.action }
            return nil
        }
        #expect(actions == [.press, .drag, .drag, .release])
    }

    @Test("a report whose ESC came late arrives as ESC + characters and still decodes")
    func lateEscape() {
        #expect(decode(chars("\u{1b}[<0;10;5M")) == [.mouse(MouseEvent(.press, .left, column: 9, row: 4))])
    }

    @Test("focus reports, defined and late")
    func focus() {
        #expect(decode([.focusIn, .focusOut]) == [.focus(true), .focus(false)])
        #expect(decode(chars("\u{1b}[O")) == [.focus(false)])
    }

    @Test("garbage inside a report is dropped, not typed")
    func garbage() {
        #expect(decode([.mousePrefix] + chars("0;1x0;5M") + chars("a")) == [key(.character("a"))])
        #expect(decode([.mousePrefix] + chars("0;10") + [.timeout] + chars("b")) == [key(.character("b"))])
        #expect(decode([.mousePrefix] + chars(String(repeating: "1", count: 40)) + chars("M")) == [])
    }

    @Test("a new sequence inside a broken report starts over")
    func restart() {
        #expect(decode([.mousePrefix] + chars("0;1") + chars("\u{1b}[<2;3;4M"))
            == [.mouse(MouseEvent(.press, .right, column: 2, row: 3))])
        #expect(decode([.mousePrefix] + chars("0;1") + [.keyName("KEY_UP")]) == [key(.up)])
    }

    @Test("ESC [ followed by something else is Alt+[ and that thing")
    func altBracket() {
        #expect(decode(chars("\u{1b}[a")) == [key(.character("["), .alt), key(.character("a"))])
        #expect(decode(chars("\u{1b}[") + [.timeout]) == [key(.character("["), .alt)])
    }

    @Test("resizes pass through, also right after an ESC")
    func resize() {
        let size = ScreenSize(width: 100, height: 30)
        #expect(decode([.resize(size)]) == [.resize(size)])
        #expect(decode([.character("\u{1b}"), .resize(size)]) == [key(.escape), .resize(size)])
    }
}
