/// Turns the stream of `RawInput` from ncurses into `InputEvent`s: a pure state machine, so
/// every split, late or garbled sequence can be tested without a terminal.
///
/// It completes what ncurses' own key decoding cannot: the tail of SGR mouse reports (after
/// the `ESC [ <` prefix, read with a generous timeout because SSH can split a report), a bare
/// ESC versus Alt+key, and mouse or focus reports whose ESC arrived later than ESCDELAY and so
/// reached us as an Escape key followed by plain characters (docs/terminal.md §4).
///
/// The terminal's answers to the session's queries (`BackgroundQuery`) come in on the same
/// stream, whenever the terminal and the network deliver them: the background colour
/// (`ESC ] 11 ; rgb:… BEL` or `… ESC \`) becomes `.background`, the device attributes
/// (`ESC [ ? … c`) are swallowed. Neither is ever read as keys, however late it comes.
struct InputDecoder: Sendable {
    /// How long the reader should wait for the next unit, given what is half-decoded.
    enum Wait: Hashable, Sendable {
        /// Nothing pending: wait as long as the app loop likes.
        case idle
        /// An ESC (or ESC [) arrived: wait briefly to tell a bare Escape from a sequence.
        case followUp
        /// Inside a mouse report: wait generously for the rest.
        case tail
    }

    private enum State: Hashable, Sendable {
        case ground
        case escape
        case escapeBracket
        case mouse(String)
        /// After garbage inside a report: swallow the rest of it (digits, `;`, the final byte).
        case discard
        /// Inside `ESC ]`: an operating-system command, up to its BEL or ST: a note from the
        /// host (`HostNote`) or the terminal's background colour (`TerminalBackground`); nil
        /// once it has run too long to be either (the rest is swallowed).
        case command(String?)
        /// An ESC inside a command: `\` completes the ST that ends it; anything else abandons
        /// the command and is read as what follows an ESC.
        case commandEscape(String?)
        /// Inside `ESC [ ?` or `ESC [ >`: a terminal's report, such as its device attributes,
        /// swallowed up to its final byte. No key starts that way.
        case report
    }

    private var state: State = .ground

    /// Reports longer than this are garbage, not a slow terminal.
    static let maximumReportLength = 24

    init() {}

    var wait: Wait {
        switch state {
        case .ground: .idle
        case .escape, .escapeBracket: .followUp
        case .mouse, .command, .commandEscape, .report: .tail
        case .discard: .idle
        }
    }

    mutating func feed(_ input: RawInput) -> [InputEvent] {
        switch state {
        case .ground:
            return ground(input)

        case .escape:
            state = .ground
            switch input {
            case .character("["):
                state = .escapeBracket
                return []
            case .character("]"):
                state = .command("")
                return []
            case .character("\u{1b}"):
                state = .escape
                return [.key(KeyPress(.escape))]
            case .character(let scalar):
                var press = Self.keyPress(for: scalar)
                press.modifiers.insert(.alt)
                return [.key(press)]
            case .keyName(let name):
                guard var press = Self.keyPress(forName: name) else { return [.key(KeyPress(.escape))] }
                press.modifiers.insert(.alt)
                return [.key(press)]
            case .timeout:
                return [.key(KeyPress(.escape))]
            case .mousePrefix, .focusIn, .focusOut, .resize:
                return [.key(KeyPress(.escape))] + ground(input)
            }

        case .escapeBracket:
            state = .ground
            switch input {
            case .character("<"):
                state = .mouse("")
                return []
            case .character("I"):
                return [.focus(true)]
            case .character("O"):
                return [.focus(false)]
            case .character("?"), .character(">"):
                state = .report
                return []
            default:
                let altBracket = InputEvent.key(KeyPress(.character("["), .alt))
                return input == .timeout ? [altBracket] : [altBracket] + ground(input)
            }

        case .mouse(let body):
            switch input {
            case .character(let scalar) where scalar == ";" || ("0"..."9").contains(scalar):
                guard body.count < Self.maximumReportLength else {
                    state = .discard   // runaway digits: drop the report
                    return []
                }
                state = .mouse(body + String(scalar))
                return []
            case .character(let scalar) where scalar == "M" || scalar == "m":
                state = .ground
                return SGRMouseReport.decode(body: Substring(body), final: Character(scalar))
                    .map { [.mouse($0)] } ?? []
            case .character("\u{1b}"):
                state = .escape   // a new sequence starts: the broken report is dropped
                return []
            case .character:
                state = .discard   // garbage inside a report: drop it, never turn it into keys
                return []
            case .timeout:
                state = .ground
                return []
            case .keyName, .mousePrefix, .focusIn, .focusOut, .resize:
                state = .ground
                return ground(input)
            }

        case .command(let body):
            switch input {
            case .character("\u{07}"):
                state = .ground
                return Self.completed(command: body)
            case .character("\u{1b}"):
                state = .commandEscape(body)
                return []
            case .character(let scalar):
                state = .command(body.flatMap { $0.unicodeScalars.count < HostNote.maximumLength ? $0 + String(scalar) : nil })
                return []
            case .timeout, .keyName, .mousePrefix, .focusIn, .focusOut, .resize:
                state = .ground
                return input == .timeout ? [] : ground(input)
            }

        case .commandEscape(let body):
            if input == .character("\\") {
                state = .ground
                return Self.completed(command: body)
            }
            // Not a note after all (or a broken one): dropped, and the ESC starts afresh.
            state = .escape
            return input == .timeout ? [] : feed(input)

        case .report:
            switch input {
            case .character(let scalar) where (0x30...0x3f).contains(scalar.value):
                return []   // parameters, however many: none of them is a key
            case .character(let scalar) where (0x40...0x7e).contains(scalar.value):
                state = .ground
                return []
            case .character("\u{1b}"):
                state = .escape
                return []
            default:
                state = .ground
                return input == .timeout ? [] : ground(input)
            }

        case .discard:
            switch input {
            case .character(let scalar) where scalar == ";" || ("0"..."9").contains(scalar):
                return []
            case .character(let scalar) where scalar == "M" || scalar == "m":
                state = .ground
                return []
            default:
                state = .ground
                return ground(input)
            }
        }
    }

    /// The event an operating-system command carries: a host note, the terminal's background
    /// colour; nothing for any other command, a malformed one, or one that ran too long.
    private static func completed(command body: String?) -> [InputEvent] {
        guard let body else { return [] }
        if let note = HostNote.text(ofCommand: body) { return [.hostNote(note)] }
        if let background = TerminalBackground(answer: body) { return [.background(background)] }
        return []
    }

    private mutating func ground(_ input: RawInput) -> [InputEvent] {
        switch input {
        case .character("\u{1b}"):
            state = .escape
            return []
        case .character(let scalar):
            return [.key(Self.keyPress(for: scalar))]
        case .keyName(let name):
            return Self.keyPress(forName: name).map { [.key($0)] } ?? []
        case .mousePrefix:
            state = .mouse("")
            return []
        case .focusIn:
            return [.focus(true)]
        case .focusOut:
            return [.focus(false)]
        case .resize(let size):
            return [.resize(size)]
        case .timeout:
            return []
        }
    }

    /// The key for a character or control byte (raw mode, `nonl`: Enter is 13).
    static func keyPress(for scalar: Unicode.Scalar) -> KeyPress {
        switch scalar.value {
        case 13, 10: KeyPress(.enter)
        case 9: KeyPress(.tab)
        case 8, 127: KeyPress(.backspace)
        case 27: KeyPress(.escape)
        case 0: KeyPress(.character(" "), .control)
        case 1...26: KeyPress(.character(Character(Unicode.Scalar(UInt8(96 + scalar.value)))), .control)
        case 28...31: KeyPress(.character(Character(Unicode.Scalar(UInt8(64 + scalar.value)))), .control)
        default: KeyPress(.character(Character(scalar)))
        }
    }

    /// The key for a name returned by ncurses' `keyname()`, or nil for keys soma has no use for.
    static func keyPress(forName name: String) -> KeyPress? {
        if let plain = namedKeys[name] { return plain }
        if name.hasPrefix("KEY_F("), name.hasSuffix(")"),
           let n = Int(name.dropFirst(6).dropLast()), (1...63).contains(n) {
            return KeyPress(.function(n))
        }
        // Extended keys (xterm modifyCursorKeys): kUP5 = Ctrl-Up; the digit minus one is the
        // modifier bit set (1 shift, 2 alt, 4 control); no digit means Shift.
        for (prefix, key) in extendedPrefixes where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if rest.isEmpty { return KeyPress(key, .shift) }
            guard let digit = Int(rest), (2...8).contains(digit) else { return nil }
            return KeyPress(key, KeyModifiers(rawValue: UInt8(digit - 1)))
        }
        return nil
    }

    private static let namedKeys: [String: KeyPress] = [
        "KEY_UP": KeyPress(.up), "KEY_DOWN": KeyPress(.down),
        "KEY_LEFT": KeyPress(.left), "KEY_RIGHT": KeyPress(.right),
        "KEY_HOME": KeyPress(.home), "KEY_END": KeyPress(.end),
        "KEY_PPAGE": KeyPress(.pageUp), "KEY_NPAGE": KeyPress(.pageDown),
        "KEY_IC": KeyPress(.insert), "KEY_DC": KeyPress(.delete),
        "KEY_BACKSPACE": KeyPress(.backspace), "KEY_ENTER": KeyPress(.enter),
        "KEY_BTAB": KeyPress(.tab, .shift),
        "KEY_SR": KeyPress(.up, .shift), "KEY_SF": KeyPress(.down, .shift),
        "KEY_SLEFT": KeyPress(.left, .shift), "KEY_SRIGHT": KeyPress(.right, .shift),
        "KEY_SHOME": KeyPress(.home, .shift), "KEY_SEND": KeyPress(.end, .shift),
        "KEY_SPREVIOUS": KeyPress(.pageUp, .shift), "KEY_SNEXT": KeyPress(.pageDown, .shift),
        "KEY_SIC": KeyPress(.insert, .shift), "KEY_SDC": KeyPress(.delete, .shift),
    ]

    private static let extendedPrefixes: [(String, Key)] = [
        ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right),
        ("kHOM", .home), ("kEND", .end), ("kPRV", .pageUp), ("kNXT", .pageDown),
        ("kIC", .insert), ("kDC", .delete),
    ]
}
