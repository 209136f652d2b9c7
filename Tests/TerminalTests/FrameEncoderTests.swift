import CNcurses
import Foundation
import Polycube
@testable import Scene
import Testing
@testable import Terminal

/// The bytes frames are written with (issue 35, item 4), read back by a model of an xterm-like
/// terminal: whatever the frames, the screen ends up showing each canvas, cell for cell, and
/// the terminal is left as ncurses believes it (attributes reset, cursor home).
@Suite("Frame encoder")
struct FrameEncoderTests {
    init() {
        // What the game's session does: the glyphs' widths are the UTF-8 locale's.
        setlocale(LC_CTYPE, "C.UTF-8")
    }

    /// One cell as the terminal shows it.
    struct Shown: Equatable, CustomStringConvertible {
        var text = " "
        var foreground = -1
        var background = -1
        var attributes: Set<Int> = []
        var description: String { "\(text.debugDescription) fg \(foreground) bg \(background) \(attributes.sorted())" }
    }

    /// An xterm-like screen that understands what xterm-256color's strings send: cursor
    /// addressing, cursor right, clear, SGR (reset, 1 2 4 7, 3x/4x/9x/10x, 38;5/48;5, 39, 49)
    /// and UTF-8 text; the cursor waits at the right margin (xenl) until the next character.
    struct ScreenModel {
        let width: Int, height: Int
        var cells: [[Shown]]
        var row = 0, column = 0
        var pen = Shown()
        var unknown: [String] = []

        init(width: Int, height: Int) {
            self.width = width
            self.height = height
            cells = Array(repeating: Array(repeating: Shown(), count: width), count: height)
        }

        mutating func feed(_ bytes: [UInt8]) {
            let text = String(decoding: bytes, as: UTF8.self)
            let scalars = Array(text.unicodeScalars)
            var i = 0
            while i < scalars.count {
                let s = scalars[i]
                if s == "\u{1b}" {
                    if i + 1 < scalars.count, scalars[i + 1] == "(" { i += 3; continue }   // charset: ignored
                    guard i + 1 < scalars.count, scalars[i + 1] == "[" else { unknown.append("ESC"); i += 1; continue }
                    var j = i + 2
                    var parameters = ""
                    while j < scalars.count, !(scalars[j].value >= 0x40 && scalars[j].value <= 0x7E) {
                        parameters.unicodeScalars.append(scalars[j])
                        j += 1
                    }
                    guard j < scalars.count else { unknown.append("cut"); break }
                    control(final: scalars[j], parameters)
                    i = j + 1
                    continue
                }
                if s.value < 32 { unknown.append("control \(s.value)"); i += 1; continue }
                var glyph = String(s)
                while i + 1 < scalars.count, scalars[i + 1].properties.generalCategory == .nonspacingMark {
                    glyph.unicodeScalars.append(scalars[i + 1])
                    i += 1
                }
                put(glyph)
                i += 1
            }
        }

        mutating func put(_ glyph: String) {
            if column >= width {
                column = 0
                row += 1
            }
            guard row < height else { unknown.append("scrolled"); return }
            var cell = pen
            cell.text = glyph
            cells[row][column] = cell
            column += 1
        }

        mutating func control(final: Unicode.Scalar, _ parameters: String) {
            let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            switch final {
            case "H":
                row = max((numbers.first ?? 1), 1) - 1
                column = max((numbers.count > 1 ? numbers[1] : 1), 1) - 1
            case "C":
                column = min(column + max(numbers.first ?? 1, 1), width - 1)
            case "J":
                cells = Array(repeating: Array(repeating: Shown(background: pen.background), count: width), count: height)
            case "m":
                var k = 0
                let list = parameters.isEmpty ? [0] : numbers
                while k < list.count {
                    let p = list[k]
                    switch p {
                    case 0: pen = Shown()
                    case 1, 2, 4, 7: pen.attributes.insert(p)
                    case 30...37: pen.foreground = p - 30
                    case 40...47: pen.background = p - 40
                    case 90...97: pen.foreground = p - 82
                    case 100...107: pen.background = p - 92
                    case 39: pen.foreground = -1
                    case 49: pen.background = -1
                    case 38, 48:
                        if k + 2 < list.count, list[k + 1] == 5 {
                            if p == 38 { pen.foreground = list[k + 2] } else { pen.background = list[k + 2] }
                            k += 2
                        }
                    default: unknown.append("sgr \(p)")
                    }
                    k += 1
                }
            default:
                unknown.append("CSI \(parameters)\(final)")
            }
        }

        /// The pen and cursor are as ncurses left them.
        var isAtRest: Bool { pen == Shown() && row == 0 && column == 0 }
    }

    /// What a canvas cell should look like on the model's screen, at full colour depth.
    static func expected(_ cell: TerminalCell) -> Shown {
        let look = CellAppearance(cell.style, depth: .full256)
        var attributes: Set<Int> = []
        if look.bold { attributes.insert(1) }
        if look.dim { attributes.insert(2) }
        if look.underline { attributes.insert(4) }
        if look.reverse { attributes.insert(7) }
        return Shown(text: String(cell.glyph), foreground: look.foreground, background: look.background, attributes: attributes)
    }

    static func check(_ model: ScreenModel, shows canvas: Canvas, skipping skipped: Int? = nil,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(model.unknown.isEmpty, "\(model.unknown)", sourceLocation: sourceLocation)
        #expect(model.isAtRest, sourceLocation: sourceLocation)
        var wrong = 0
        for row in 0..<canvas.height {
            for column in 0..<canvas.width where row * canvas.width + column != skipped {
                let want = expected(canvas[column, row]), got = model.cells[row][column]
                if want != got {
                    wrong += 1
                    if wrong <= 3 { Issue.record("(\(column), \(row)): \(got), expected \(want)", sourceLocation: sourceLocation) }
                }
            }
        }
        #expect(wrong == 0, sourceLocation: sourceLocation)
    }

    static let glyphs: [Character] = [" ", " ", " ", "█", "▀", "▄", "▗", "▘", "a", "Z", "·", "─", "é", "e\u{301}", "🬀"]

    /// A canvas of random glyphs and styles (a fixed seed: the same every run).
    static func randomCanvas(width: Int, height: Int, generator: inout SeededGenerator) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        for row in 0..<height {
            for column in 0..<width {
                canvas[column, row] = randomCell(&generator)
            }
        }
        return canvas
    }

    static func randomCell(_ generator: inout SeededGenerator) -> TerminalCell {
        let glyph = glyphs[Int(generator.next() % UInt64(glyphs.count))]
        func color() -> TerminalColor {
            let pick = generator.next() % 8
            return pick < 3 ? .default : .index(UInt8(truncatingIfNeeded: generator.next() % (pick < 5 ? 16 : 256)))
        }
        var style = TextStyle(foreground: color(), background: color())
        let flags = generator.next()
        style.bold = flags % 5 == 0
        style.dim = flags % 7 == 0
        style.reverse = flags % 11 == 0
        style.underline = flags % 13 == 0
        return TerminalCell(glyph: glyph, style: style)
    }

    static func encoder(flags: Set<String> = ["am", "xenl"], numbers: [String: Int] = [:], depth: ColorDepth = .full256,
                        asciiOnly: Bool = false) throws -> FrameEncoder {
        let strings = try #require(TerminalStringsTests.strings(flags: flags, numbers: numbers, colors: depth != .none))
        return FrameEncoder(strings: strings, depth: depth, asciiOnly: asciiOnly)
    }

    @Test("random frames, each over the last: the screen shows every canvas, and is left at rest")
    func randomFrames() throws {
        var generator = SeededGenerator(seed: 35)
        var encoder = try Self.encoder()
        var model = ScreenModel(width: 37, height: 11)
        var previous: Canvas?
        var canvas = Self.randomCanvas(width: 37, height: 11, generator: &generator)
        for round in 0..<12 {
            model.feed(encoder.frame(canvas, over: previous))
            Self.check(model, shows: canvas)
            previous = canvas
            // A few cells change, as a move does; every fourth frame most of them.
            let changes = round % 4 == 3 ? 300 : 12
            for _ in 0..<changes {
                let index = Int(generator.next() % UInt64(canvas.cells.count))
                canvas[index % canvas.width, index / canvas.width] = Self.randomCell(&generator)
            }
        }
    }

    @Test("a frame of another size clears the screen and writes every cell that is not blank")
    func resized() throws {
        var generator = SeededGenerator(seed: 7)
        var encoder = try Self.encoder()
        let small = Self.randomCanvas(width: 20, height: 6, generator: &generator)
        let large = Self.randomCanvas(width: 30, height: 9, generator: &generator)
        var model = ScreenModel(width: 30, height: 9)
        model.feed(encoder.frame(small, over: nil))
        model.feed(encoder.frame(large, over: small))
        Self.check(model, shows: large)
        // A blank frame over nothing known: the pen reset (whatever the terminal was left with:
        // nothing of ncurses' is sent before a first frame), the default colours, then the clear
        // (it homes the cursor), and nothing else.
        let bytes = encoder.frame(Canvas(width: 30, height: 9), over: nil)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1b}(B\u{1b}[m\u{1b}[39;49m\u{1b}[H\u{1b}[2J")
    }

    @Test("a piece moved one cell right: the two cells that changed, in 40 bytes")
    func oneCellMove() throws {
        var encoder = try Self.encoder()
        let style = TextStyle(background: .index(208))
        var before = Canvas(width: 10, height: 4)
        before.put("##", column: 2, row: 1, style: style)
        var after = Canvas(width: 10, height: 4)
        after.put("##", column: 3, row: 1, style: style)
        _ = encoder.frame(before, over: nil)
        let bytes = encoder.frame(after, over: before)
        #expect(String(decoding: bytes, as: UTF8.self)
                == "\u{1b}[2;3H \u{1b}[1C\u{1b}[48;5;208m#\u{1b}(B\u{1b}[m\u{1b}[1;1H")
        // Nothing changed: nothing sent (the pen and cursor are already at rest).
        #expect(encoder.frame(after, over: after).isEmpty)
    }

    @Test("the bottom-right cell is not written where it would scroll the screen (am without xenl)")
    func lastCell() throws {
        var generator = SeededGenerator(seed: 3)
        let canvas = Self.randomCanvas(width: 12, height: 4, generator: &generator)
        var wrapping = try Self.encoder(flags: ["am"])
        var model = ScreenModel(width: 12, height: 4)
        let bytes = wrapping.frame(canvas, over: nil)
        model.feed(bytes)
        Self.check(model, shows: canvas, skipping: 47)
        #expect(model.cells[3][11] == Shown())
        var pending = try Self.encoder()
        var full = ScreenModel(width: 12, height: 4)
        full.feed(pending.frame(canvas, over: nil))
        Self.check(full, shows: canvas)
    }

    @Test("glyphs: control characters become spaces, a glyph two columns wide a ?, and without UTF-8 ASCII stand-ins")
    func glyphs() throws {
        var canvas = Canvas(width: 4, height: 1)
        canvas[0, 0] = TerminalCell(glyph: "\u{7}")
        canvas[1, 0] = TerminalCell(glyph: "界")
        canvas[2, 0] = TerminalCell(glyph: "█")
        canvas[3, 0] = TerminalCell(glyph: "é")
        var encoder = try Self.encoder()
        let text = String(decoding: encoder.frame(canvas, over: Canvas(width: 4, height: 1)), as: UTF8.self)
        #expect(text == "\u{1b}[1;1H ?█é\u{1b}[1;1H")
        var ascii = try Self.encoder(asciiOnly: true)
        let plain = String(decoding: ascii.frame(canvas, over: Canvas(width: 4, height: 1)), as: UTF8.self)
        #expect(plain == "\u{1b}[1;1H ?#?\u{1b}[1;1H")
    }

    @Test("PuTTY's entry (ncv): a coloured cell in reverse swaps its colours, underline is left off; a plain cell keeps both")
    func noColorVideo() throws {
        var canvas = Canvas(width: 3, height: 1)
        canvas[0, 0] = TerminalCell(glyph: "Z", style: TextStyle(foreground: .index(141), reverse: true))
        canvas[1, 0] = TerminalCell(glyph: "u", style: TextStyle(foreground: .index(9), underline: true))
        canvas[2, 0] = TerminalCell(glyph: "p", style: TextStyle(reverse: true, underline: true))
        var encoder = try Self.encoder(numbers: ["ncv": 22])
        let text = String(decoding: encoder.frame(canvas, over: Canvas(width: 3, height: 1)), as: UTF8.self)
        #expect(text == "\u{1b}[1;1H\u{1b}[48;5;141mZ\u{1b}[39;49m\u{1b}[91mu\u{1b}[7m\u{1b}[4m\u{1b}[39;49mp\u{1b}(B\u{1b}[m\u{1b}[1;1H")
    }

    @Test("without colours: no colour strings, a coloured background in reverse video")
    func monochrome() throws {
        var canvas = Canvas(width: 3, height: 1)
        canvas[0, 0] = TerminalCell(glyph: "x", style: TextStyle(foreground: .index(9)))
        canvas[1, 0] = TerminalCell(glyph: " ", style: TextStyle(background: .index(208)))
        var encoder = try Self.encoder(depth: .none)
        let text = String(decoding: encoder.frame(canvas, over: nil), as: UTF8.self)
        #expect(text == "\u{1b}(B\u{1b}[m\u{1b}[H\u{1b}[2Jx\u{1b}[7m \u{1b}(B\u{1b}[m\u{1b}[1;1H")
    }
}
