import CNcurses
import Foundation
import Testing
@testable import Terminal

/// The terminfo strings frames are written with (issue 35, item 4): the spellings formatted
/// without ncurses give ncurses' own bytes for every number a frame uses, and a terminal that
/// lacks a string (or wants padding) is left to ncurses.
@Suite("Terminal strings")
struct TerminalStringsTests {
    /// xterm-256color's entry, as infocmp prints it.
    static let xterm256: [String: String] = [
        "cup": "\u{1b}[%i%p1%d;%p2%dH", "cuf": "\u{1b}[%p1%dC", "clear": "\u{1b}[H\u{1b}[2J",
        "sgr0": "\u{1b}(B\u{1b}[m", "bold": "\u{1b}[1m", "dim": "\u{1b}[2m", "rev": "\u{1b}[7m",
        "smul": "\u{1b}[4m", "op": "\u{1b}[39;49m",
        "setaf": "\u{1b}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m",
        "setab": "\u{1b}[%?%p1%{8}%<%t4%p1%d%e%p1%{16}%<%t10%p1%{8}%-%d%e48;5;%p1%d%;m",
    ]

    static func strings(_ entry: [String: String] = xterm256, flags: Set<String> = ["am", "xenl"],
                        numbers: [String: Int] = [:], colors: Bool = true) -> TerminalStrings? {
        TerminalStrings(colors: colors, capability: { entry[$0] }, flag: { flags.contains($0) },
                        number: { numbers[$0] ?? -1 })
    }

    /// What ncurses' own formatting gives for `format` and `numbers`.
    static func byNcurses(_ format: String, _ numbers: [Int32]) -> [UInt8]? {
        guard let copy = strdup(format) else { return nil }
        defer { free(copy) }
        return numbers.withUnsafeBufferPointer { values in
            cn_tparm_uncached(Int32(numbers.count), copy, values.baseAddress).map { Array(String(cString: $0).utf8) }
        }
    }

    static func formatted(_ string: ParameterString, _ first: Int, _ second: Int = 0, count: Int) -> [UInt8] {
        var out: [UInt8] = []
        string.append(first, second, count: count, to: &out)
        return out
    }

    @Test("xterm's spellings are recognised; another is left to ncurses")
    func recognised() {
        #expect(ParameterString(Self.xterm256["cup"]!).form == .ansiCursorAddress)
        #expect(ParameterString(Self.xterm256["cuf"]!).form == .number(prefix: Array("\u{1b}[".utf8), suffix: Array("C".utf8)))
        #expect(ParameterString("\u{1b}[3%p1%dm").form == .number(prefix: Array("\u{1b}[3".utf8), suffix: Array("m".utf8)))
        if case .xterm256 = ParameterString(Self.xterm256["setaf"]!).form {} else { Issue.record("setaf not recognised") }
        if case .xterm256 = ParameterString(Self.xterm256["setab"]!).form {} else { Issue.record("setab not recognised") }
        #expect(ParameterString("\u{1b}[%p1%d;%p2%dH").form == .other)
        #expect(ParameterString("\u{1b}[%p1%{1}%+%dC").form == .other)
    }

    @Test("a terminal without cursor addressing, clearing or a reset, or with padding, is left to ncurses")
    func missing() {
        #expect(Self.strings() != nil)
        for name in ["cup", "clear", "sgr0"] {
            var entry = Self.xterm256
            entry[name] = nil
            #expect(Self.strings(entry) == nil, "\(name)")
        }
        // Colours need setaf, setab and op; without colours they are not asked for.
        for name in ["setaf", "setab", "op"] {
            var entry = Self.xterm256
            entry[name] = nil
            #expect(Self.strings(entry) == nil, "\(name)")
            #expect(Self.strings(entry, colors: false) != nil, "\(name)")
        }
        // vt100's strings ask for delays.
        var padded = Self.xterm256
        padded["cup"] = "\u{1b}[%i%p1%d;%p2%dH$<5>"
        #expect(Self.strings(padded) == nil)
        // No `dim` (PuTTY): frames are written without it.
        var noDim = Self.xterm256
        noDim["dim"] = nil
        #expect(Self.strings(noDim)?.dim == nil)
        #expect(Self.strings(noDim) != nil)
    }

    @Test("attributes that terminfo says cannot go with colours (ncv): PuTTY's and the Linux console's")
    func noColorVideo() {
        #expect(Self.strings()?.attributesWithoutColor == 0)
        #expect(Self.strings(numbers: ["ncv": 22])?.attributesWithoutColor
                == FrameEncoder.underlineBit | FrameEncoder.reverseBit | FrameEncoder.dimBit)
        #expect(Self.strings(numbers: ["ncv": 18])?.attributesWithoutColor == FrameEncoder.underlineBit | FrameEncoder.dimBit)
        #expect(Self.strings(numbers: ["ncv": 32])?.attributesWithoutColor == FrameEncoder.boldBit)
    }

    @Test("the bottom-right cell scrolls only where the terminal wraps at once (am without xenl)")
    func lastCell() {
        #expect(Self.strings(flags: ["am", "xenl"])?.scrollsAtLastCell == false)
        #expect(Self.strings(flags: ["am"])?.scrollsAtLastCell == true)
        #expect(Self.strings(flags: [])?.scrollsAtLastCell == false)
    }
}

/// The spellings the frame encoder formats itself, against ncurses' formatting: in the suite of
/// ncurses' formatting, which runs one test at a time (ncurses formats into one static buffer).
extension TparmCacheTests {
    @Test("colours 0-255, both ways: the bytes ncurses formats")
    func spelledColours() throws {
        for name in ["setaf", "setab"] {
            let format = try #require(TerminalStringsTests.xterm256[name])
            let string = ParameterString(format)
            for colour in 0...255 {
                #expect(TerminalStringsTests.formatted(string, colour, count: 1) == TerminalStringsTests.byNcurses(format, [Int32(colour)]), "\(name) \(colour)")
            }
        }
        let eight = ParameterString("\u{1b}[4%p1%dm")
        for colour in 0...7 { #expect(TerminalStringsTests.formatted(eight, colour, count: 1) == TerminalStringsTests.byNcurses("\u{1b}[4%p1%dm", [Int32(colour)])) }
        #expect(TerminalStringsTests.formatted(ParameterString(TerminalStringsTests.xterm256["setaf"]!), 9, count: 1) == Array("\u{1b}[91m".utf8))
        #expect(TerminalStringsTests.formatted(ParameterString(TerminalStringsTests.xterm256["setab"]!), 200, count: 1) == Array("\u{1b}[48;5;200m".utf8))
    }

    @Test("cursor moves over a 300x100 screen and steps right: the bytes ncurses formats")
    func spelledCursorMoves() throws {
        let cup = ParameterString(try #require(TerminalStringsTests.xterm256["cup"]))
        for row in 0..<100 {
            for column in stride(from: 0, to: 300, by: 7) {
                #expect(TerminalStringsTests.formatted(cup, row, column, count: 2) == TerminalStringsTests.byNcurses(TerminalStringsTests.xterm256["cup"]!, [Int32(row), Int32(column)]))
            }
        }
        let cuf = ParameterString(try #require(TerminalStringsTests.xterm256["cuf"]))
        for step in 1...300 { #expect(TerminalStringsTests.formatted(cuf, step, count: 1) == TerminalStringsTests.byNcurses(TerminalStringsTests.xterm256["cuf"]!, [Int32(step)])) }
        // A spelling not recognised goes through ncurses, the same bytes.
        let other = ParameterString("\u{1b}[%p1%d;%p2%df")
        #expect(other.form == .other)
        #expect(TerminalStringsTests.formatted(other, 4, 9, count: 2) == Array("\u{1b}[4;9f".utf8))
    }
}

/// The byte search the terminal's names and strings are checked with.
@Suite("String holds")
struct StringHoldsTests {
    @Test("a part is found anywhere, a near miss is not, the empty part always")
    func holds() {
        #expect("xterm-256color".holds("256color"))
        #expect("\u{1b}[%i%p1%d;%p2%dH$<5>".holds("$<"))
        #expect(!"\u{1b}[%i%p1%d;%p2%dH$5<".holds("$<"))
        #expect(!"xterm-direc".holds("direct"))
        #expect("direct".holds("direct"))
        #expect(!"dir".holds("direct"))
        #expect("anything".holds(""))
        #expect("aab".holds("ab"))
    }
}
