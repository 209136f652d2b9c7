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

    /// The terminal's answers to the session's queries (issue 35): whenever they come, whole,
    /// split across reads, between keys, they are never keys.
    static let white = TerminalBackground(red: 1, green: 1, blue: 1)
    static let black = TerminalBackground(red: 0, green: 0, blue: 0)

    @Test("the background answer ended by ST or BEL is one event; the device attributes are swallowed")
    func backgroundAnswer() {
        var decoder = InputDecoder()
        #expect(decode(chars("\u{1b}]11;rgb:ffff/ffff/ffff\u{1b}\\"), decoder: &decoder) == [.background(Self.white)])
        #expect(decoder.wait == .idle)
        #expect(decode(chars("\u{1b}]11;rgb:0000/0000/0000\u{07}")) == [.background(Self.black)])
        #expect(decode(chars("\u{1b}]11;rgba:ffff/ffff/ffff/ffff\u{07}")) == [.background(Self.white)])
        // Device attributes of every shape a terminal sends (xterm, VTE, tmux, a DA2 too).
        for reply in ["\u{1b}[?64;1;2;6;9;15;16;17;18;21;22;28c", "\u{1b}[?65;1;9c", "\u{1b}[?1;2c", "\u{1b}[>41;390;0c"] {
            #expect(decode(chars(reply)) == [], "\(reply.debugDescription)")
            #expect(decode(chars(reply + "q")) == [key(.character("q"))], "\(reply.debugDescription)")
        }
        // Both answers at once, with a key typed before and after.
        #expect(decode(chars("a\u{1b}]11;rgb:f/f/f\u{1b}\\\u{1b}[?62;22cb"))
            == [key(.character("a")), .background(Self.white), key(.character("b"))])
    }

    @Test("answers split across reads at any byte are one event, and the reader is told to wait for the rest")
    func backgroundAnswerSplit() {
        let colour = chars("\u{1b}]11;rgb:ffff/ffff/ffff\u{1b}\\"), attributes = chars("\u{1b}[?62;22c")
        let answer = colour + attributes
        for cut in 1..<answer.count {
            var decoder = InputDecoder()
            let first = decode(Array(answer.prefix(cut)), decoder: &decoder)
            // Between the two answers nothing is pending; inside either the reader must wait on.
            #expect(first == (cut >= colour.count ? [.background(Self.white)] : []), "cut at \(cut)")
            #expect((decoder.wait == .idle) == (cut == colour.count), "cut at \(cut): \(decoder.wait)")
            let rest = decode(Array(answer.dropFirst(cut)) + chars("k"), decoder: &decoder)
            #expect(first + rest == [.background(Self.white), key(.character("k"))], "cut at \(cut)")
        }
    }

    @Test("an answer arriving late, after keys and a mouse drag, changes nothing but the background")
    func backgroundAnswerLate() {
        var decoder = InputDecoder()
        #expect(decode(chars("l") + [.timeout, .timeout], decoder: &decoder) == [key(.character("l"))])
        #expect(decode([.mousePrefix] + chars("0;10;5M"), decoder: &decoder) == [.mouse(MouseEvent(.press, .left, column: 9, row: 4))])
        // 400 ms later: ESC alone (ncurses' ESCDELAY ran out), the rest within the follow-up wait.
        #expect(decode(chars("\u{1b}"), decoder: &decoder) == [])
        #expect(decoder.wait == .followUp)
        #expect(decode(chars("]11;rgb:"), decoder: &decoder) == [])
        #expect(decoder.wait == .tail)
        #expect(decode(chars("ffff/ffff/ffff\u{1b}"), decoder: &decoder) == [])
        #expect(decoder.wait == .tail)
        #expect(decode(chars("\\") + chars("\u{1b}[?64;"), decoder: &decoder) == [.background(Self.white)])
        #expect(decoder.wait == .tail)
        #expect(decode(chars("1;2c") + chars("x"), decoder: &decoder) == [key(.character("x"))])
        #expect(decoder.wait == .idle)
    }

    @Test("malformed colours, other commands and an answer cut off by the timeout give no event and no keys")
    func backgroundAnswerMalformed() {
        for text in ["\u{1b}]11;rgb:ffff/ffff\u{07}", "\u{1b}]11;rgb:fffff/0/0\u{07}", "\u{1b}]11;rgb:gg/00/00\u{07}",
                     "\u{1b}]11;#ffffff\u{07}", "\u{1b}]11;rgb:-1/0/0\u{1b}\\", "\u{1b}]11;rgb://\u{07}", "\u{1b}]10;rgb:f/f/f\u{07}",
                     "\u{1b}]11;rgb:\u{FF10}/0/0\u{07}"] {
            #expect(decode(chars(text + "k")) == [key(.character("k"))], "\(text.debugDescription)")
        }
        // A flood inside the command is cut short and swallowed to its end.
        #expect(decode(chars("\u{1b}]11;rgb:" + String(repeating: "f", count: 300) + "\u{07}k")) == [key(.character("k"))])
        // Cut off: what came is dropped, what comes after the timeout is typed.
        #expect(decode(chars("\u{1b}]11;rgb:ff") + [.timeout] + chars("k")) == [key(.character("k"))])
        #expect(decode(chars("\u{1b}[?64;1") + [.timeout] + chars("k")) == [key(.character("k"))])
        // ST broken by another sequence: the command is dropped, the sequence decoded.
        #expect(decode(chars("\u{1b}]11;rgb:f/f/f\u{1b}[I")) == [.focus(true)])
        #expect(decode(chars("\u{1b}]11;rgb:f/f/f\u{1b}") + [.keyName("KEY_UP")]) == [key(.up, .alt)])
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
