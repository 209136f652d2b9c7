import CNcurses
import Foundation
import Testing

/// The cache in front of ncurses' formatting of colour and cursor strings (tparm_cache.c,
/// issue 35): what it answers is what ncurses formats, each (format, numbers) formatted once,
/// and a format with terminfo's variables (state kept between calls) is never kept.
@Suite("ncurses' formatting, cached", .serialized)
struct TparmCacheTests {
    /// xterm-256color's setaf (colours 0-7, 8-15 and the rest each their own way) and cup.
    static let setaf = "\u{1b}[%?%p1%{8}%<%t3%p1%d%e%p1%{16}%<%t9%p1%{8}%-%d%e38;5;%p1%d%;m"
    static let cup = "\u{1b}[%i%p1%d;%p2%dH"

    func cached(_ format: UnsafeMutablePointer<CChar>, _ numbers: [Int32]) -> String? {
        numbers.withUnsafeBufferPointer { cn_tparm(Int32(numbers.count), format, $0.baseAddress).map { String(cString: $0) } }
    }

    func fresh(_ format: UnsafeMutablePointer<CChar>, _ numbers: [Int32]) -> String? {
        numbers.withUnsafeBufferPointer {
            cn_tparm_uncached(Int32(numbers.count), format, $0.baseAddress).map { String(cString: $0) }
        }
    }

    @Test("every colour twice: ncurses' strings, the second time all from the cache")
    func colours() throws {
        let format = try #require(strdup(Self.setaf))
        defer { free(format) }
        let before = cn_tparm_cache_hits()
        for _ in 0..<2 {
            for colour in Int32(0)...255 { #expect(cached(format, [colour]) == fresh(format, [colour]), "\(colour)") }
        }
        #expect(cn_tparm_cache_hits() - before == 256)
        #expect(cached(format, [1]) == "\u{1b}[31m")
        #expect(cached(format, [9]) == "\u{1b}[91m")
        #expect(cached(format, [200]) == "\u{1b}[38;5;200m")
    }

    @Test("cursor moves over a 100x30 screen: ncurses' strings; a 30x20 corner's again all from the cache")
    func cursorMoves() throws {
        let format = try #require(strdup(Self.cup))
        defer { free(format) }
        for row in Int32(0)..<30 {
            for column in Int32(0)..<100 { #expect(cached(format, [row, column]) == fresh(format, [row, column])) }
        }
        #expect(cached(format, [4, 7]) == "\u{1b}[5;8H")
        // 600 moves take 600 slots of their own: asked again, each comes from the cache.
        for row in Int32(0)..<30 {
            for column in Int32(0)..<20 { _ = cached(format, [row, column]) }
        }
        let before = cn_tparm_cache_hits()
        for row in Int32(0)..<30 {
            for column in Int32(0)..<20 { #expect(cached(format, [row, column]) == fresh(format, [row, column])) }
        }
        #expect(cn_tparm_cache_hits() - before == 600)
    }

    @Test("a format with a variable is formatted every time; a string at a reused address is not mistaken")
    func notKept() throws {
        let variable = try #require(strdup("%p1%Pa%ga%d"))
        defer { free(variable) }
        let before = cn_tparm_cache_hits()
        #expect(cached(variable, [5]) == "5")
        #expect(cached(variable, [5]) == "5")
        #expect(cn_tparm_cache_hits() == before, "never from the cache")

        // The same address holding another format: the old one's strings are forgotten.
        let buffer = try #require(strdup("x%p1%dy......"))
        defer { free(buffer) }
        #expect(cached(buffer, [3]) == "x3y......")
        #expect(cached(buffer, [3]) == "x3y......")
        _ = "z%p1%dw".withCString { strcpy(buffer, $0) }
        #expect(cached(buffer, [3]) == "z3w")
    }
}
