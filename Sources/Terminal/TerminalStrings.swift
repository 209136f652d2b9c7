import CNcurses

/// The terminfo strings a frame is written with (`FrameEncoder`), read once from the terminal
/// ncurses was started on.
///
/// Why the game writes its frames itself: ncurses' `doupdate` sent the first frame of a login one
/// byte at a time through `tputs`, and formatted and sent every one of its 1,750 colour changes
/// through its pair machinery: 5.8 million of a login's 12.9 million instructions to its first
/// frame went into putting the canvas on the terminal (issue 35, item 4). ncurses still starts
/// the terminal, reads the keys and the mouse, and puts the terminal back; the frame's bytes are
/// made from these strings.
///
/// A terminal that lacks one of them (cursor addressing, clearing, resetting the attributes, and
/// with colours `setaf`, `setab` and `op`), or whose strings ask for padding delays (`$<…>`, the
/// old hardware terminals), is drawn through ncurses as before (`init(capability:flag:)` is nil).
struct TerminalStrings: Sendable {
    var cursorAddress: ParameterString
    /// Cursor right by a number of cells (`cuf`): a short jump within a row in 4 bytes.
    var cursorRight: ParameterString?
    var clearScreen: [UInt8]
    var resetAttributes: [UInt8]
    var bold: [UInt8]?
    var dim: [UInt8]?
    var reverse: [UInt8]?
    var underline: [UInt8]?
    /// The default colour pair (`op`), nil without colours.
    var defaultColors: [UInt8]?
    var foreground: ParameterString?
    var background: ParameterString?
    /// Writing the last column wraps at once (`am` without `xenl`): the bottom-right cell would
    /// scroll the screen, so it is never written.
    var scrollsAtLastCell: Bool
    /// The attributes the terminal cannot show together with colours (`ncv`), as
    /// `FrameEncoder`'s attribute bits: left off a coloured cell as ncurses leaves them off,
    /// reverse shown by swapping the colours (PuTTY's entry: underline, reverse and dim; the
    /// Linux console's: underline and dim).
    var attributesWithoutColor: UInt8

    /// The strings of the terminal, read through `capability` (a string capability's text, nil
    /// when absent), `flag` and `number` (-1 when absent); nil when a frame cannot be written
    /// with them. `colors`: whether frames are drawn in colour (then the colour strings are
    /// required).
    init?(colors: Bool, capability: (String) -> String?, flag: (String) -> Bool, number: (String) -> Int = { _ in -1 }) {
        func plain(_ name: String) -> [UInt8]? {
            guard let text = capability(name), !text.isEmpty, !text.holds("$<") else { return nil }
            return Array(text.utf8)
        }
        func parameter(_ name: String) -> ParameterString? {
            guard let text = capability(name), !text.isEmpty, !text.holds("$<") else { return nil }
            return ParameterString(text)
        }
        guard let cup = parameter("cup"), let clear = plain("clear"), let sgr0 = plain("sgr0") else { return nil }
        cursorAddress = cup
        cursorRight = parameter("cuf")
        clearScreen = clear
        resetAttributes = sgr0
        bold = plain("bold")
        dim = plain("dim")
        reverse = plain("rev")
        underline = plain("smul")
        if colors {
            guard let op = plain("op"), let setaf = parameter("setaf"), let setab = parameter("setab") else { return nil }
            defaultColors = op
            foreground = setaf
            background = setab
        }
        scrollsAtLastCell = flag("am") && !flag("xenl")
        // terminfo's ncv bits: 2 underline, 4 reverse, 16 dim, 32 bold.
        let ncv = number("ncv")
        var without: UInt8 = 0
        if ncv > 0 {
            if ncv & 2 != 0 { without |= FrameEncoder.underlineBit }
            if ncv & 4 != 0 { without |= FrameEncoder.reverseBit }
            if ncv & 16 != 0 { without |= FrameEncoder.dimBit }
            if ncv & 32 != 0 { without |= FrameEncoder.boldBit }
        }
        attributesWithoutColor = without
    }

    /// The strings of the terminal ncurses runs on now.
    static func current(colors: Bool) -> TerminalStrings? {
        TerminalStrings(colors: colors, capability: { name in
            cn_string_cap(name).map { String(cString: $0) }
        }, flag: { name in cn_flag_cap(name) != 0 }, number: { name in Int(cn_number_cap(name)) })
    }
}

/// A terminfo string with numbers in it (cursor addressing, colours), and how to put the numbers
/// in.
///
/// Nearly every terminal in use spells these the way xterm does; those spellings are recognised
/// and formatted here with a few digits, the same bytes terminfo's little stack language gives
/// (`TerminalStringsTests` compares them with ncurses' formatting for every number drawn). Any
/// other spelling is formatted by ncurses (`cn_tparm`, cached).
struct ParameterString: Sendable {
    /// The recognised spellings.
    enum Form: Sendable, Equatable {
        /// `\E[%i%p1%d;%p2%dH`: CSI row+1 ; column+1 H.
        case ansiCursorAddress
        /// `\E[%p1%dC`, `\E[%p1%dm`-like: the prefix, the number, the suffix.
        case number(prefix: [UInt8], suffix: [UInt8])
        /// xterm's 256-colour `setaf`/`setab`: `\E[3n m` below 8, `\E[9n m` below 16, else
        /// `\E[38;5;n m` (digits 3, 9, 38 for the foreground; 4, 10, 48 for the background).
        case xterm256(low: [UInt8], bright: [UInt8], indexed: [UInt8])
        /// Anything else: ncurses formats it.
        case other
    }

    let text: String
    let form: Form

    init(_ text: String) {
        self.text = text
        form = Self.recognise(text)
    }

    private static func recognise(_ text: String) -> Form {
        let escape = "\u{1b}["
        if text == escape + "%i%p1%d;%p2%dH" { return .ansiCursorAddress }
        if text == escape + "%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m" {
            return .xterm256(low: Array("\u{1b}[3".utf8), bright: Array("\u{1b}[9".utf8), indexed: Array("\u{1b}[38;5;".utf8))
        }
        if text == escape + "%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e48;5;%p1%d%;m" {
            return .xterm256(low: Array("\u{1b}[4".utf8), bright: Array("\u{1b}[10".utf8), indexed: Array("\u{1b}[48;5;".utf8))
        }
        // One `%p1%d` and no other `%`: a prefix, the number, a suffix (`cuf`, `\E[3%p1%dm`).
        let bytes = Array(text.utf8), marker = Array("%p1%d".utf8)
        let percents = bytes.indices.filter { bytes[$0] == UInt8(ascii: "%") }
        guard percents.count == 2, let start = percents.first, start + marker.count <= bytes.count,
              Array(bytes[start..<start + marker.count]) == marker else { return .other }
        return .number(prefix: Array(bytes[..<start]), suffix: Array(bytes[(start + marker.count)...]))
    }

    /// Appends the string for `first` (and `second`) to `out`; nothing when ncurses cannot
    /// format it. Numbers are non-negative (rows, columns, palette indices).
    func append(_ first: Int, _ second: Int = 0, count: Int, to out: inout [UInt8]) {
        switch form {
        case .ansiCursorAddress:
            out.append(0x1B)
            out.append(UInt8(ascii: "["))
            Self.appendDigits(first &+ 1, to: &out)
            out.append(UInt8(ascii: ";"))
            Self.appendDigits(second &+ 1, to: &out)
            out.append(UInt8(ascii: "H"))
        case .number(let prefix, let suffix):
            out.append(contentsOf: prefix)
            Self.appendDigits(first, to: &out)
            out.append(contentsOf: suffix)
        case .xterm256(let low, let bright, let indexed):
            if first < 8 {
                out.append(contentsOf: low)
                Self.appendDigits(first, to: &out)
            } else if first < 16 {
                out.append(contentsOf: bright)
                Self.appendDigits(first &- 8, to: &out)
            } else {
                out.append(contentsOf: indexed)
                Self.appendDigits(first, to: &out)
            }
            out.append(UInt8(ascii: "m"))
        case .other:
            appendFormattedByNcurses(first, second, count: count, to: &out)
        }
    }

    /// The string as ncurses' own formatting gives it.
    func appendFormattedByNcurses(_ first: Int, _ second: Int, count: Int, to out: inout [UInt8]) {
        let numbers: [Int32] = [Int32(truncatingIfNeeded: first), Int32(truncatingIfNeeded: second)]
        text.withCString { format in
            numbers.withUnsafeBufferPointer { values in
                guard let result = cn_tparm(Int32(min(max(count, 0), 2)), format, values.baseAddress) else { return }
                var byte = result
                while byte.pointee != 0 {
                    out.append(UInt8(bitPattern: byte.pointee))
                    byte += 1
                }
            }
        }
    }

    /// The decimal digits of `value` (0 for a negative one, which no caller passes).
    static func appendDigits(_ value: Int, to out: inout [UInt8]) {
        var value = max(value, 0)
        if value < 10 {
            out.append(UInt8(truncatingIfNeeded: 48 &+ value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { room in
            while value > 0 && count < room.count {
                room[count] = UInt8(truncatingIfNeeded: 48 &+ value % 10)
                value /= 10
                count &+= 1
            }
            while count > 0 {
                count &-= 1
                out.append(room[count])
            }
        }
    }
}
