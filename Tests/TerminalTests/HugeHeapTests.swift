import CNcurses
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The heap's start in one transparent huge page (huge_heap.c): marked before `main`, 2 MB on a
/// 2 MB boundary, and, where the system lets a program ask for huge pages, backed by one.
@Suite struct HugeHeapTests {
    /// The system's setting: `always`, `madvise` or `never` (nil: no transparent huge pages).
    static var systemSetting: String? {
        guard let text = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8),
              let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]"), open < close
        else { return nil }
        return String(text[text.index(after: open)..<close])
    }

    /// The whole of a file in /proc, read to its end (its size says 0, and a read of the size
    /// a file claims stops at the first page).
    static func procFile(_ path: String) throws -> String {
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0, "\(path) opened")
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            try #require(count >= 0, "\(path) read")
            if count == 0 { break }
            bytes += chunk.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The lines of /proc/self/smaps for the mapping that starts at `address`.
    static func mapping(startingAt address: UInt) throws -> [Substring] {
        let smaps = try procFile("/proc/self/smaps")
        let prefix = String(address, radix: 16) + "-"
        var lines: [Substring] = []
        var inside = false
        for line in smaps.split(separator: "\n") {
            // A mapping's first line: "start-end perms offset device inode [path]", in hex.
            let ends = line.split(separator: " ").first?.split(separator: "-") ?? []
            if ends.count == 2 && ends.allSatisfy({ UInt($0, radix: 16) != nil }) {
                inside = line.hasPrefix(prefix)
            }
            if inside { lines.append(line) }
        }
        return lines
    }

    @Test("the heap's 2 MB on a 2 MB boundary is marked for a huge page, and is one where the system allows")
    func heapStartsInAHugePage() throws {
        #if os(Linux)
        let start = cn_huge_heap_page()
        guard let setting = Self.systemSetting else {
            #expect(start == 0, "no transparent huge pages here, nothing marked")
            return
        }
        try #require(start != 0, "marked (the system's setting: \(setting))")
        #expect(start % (2 << 20) == 0)
        // The block kept below it ends at it (give or take malloc's header): the heap's next
        // blocks, from the start of the process on, were handed out from the huge page.
        let keptEnd = cn_huge_heap_kept_end()
        #expect(keptEnd + 16 >= start && keptEnd <= start + 16, "kept block ends at \(keptEnd), the page starts at \(start)")
        let lines = try Self.mapping(startingAt: start)
        try #require(!lines.isEmpty, "a mapping of its own starts at the boundary")
        let range = lines[0].split(separator: " ")[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
        #expect(range.count == 2 && range[1] - range[0] == 2 << 20, "\(lines[0])")
        let flags = lines.first { $0.hasPrefix("VmFlags:") }?.split(separator: " ") ?? []
        #expect(flags.contains("hg"), "marked MADV_HUGEPAGE: \(flags)")
        if setting != "never" {
            // The heap's blocks since the start are in it: one huge page, not 4 KB ones.
            let huge = lines.first { $0.hasPrefix("AnonHugePages:") }
            #expect(huge?.split(separator: " ").dropFirst().first == "2048", "\(huge ?? "no AnonHugePages line")")
        }
        #else
        #expect(cn_huge_heap_page() == 0)
        #endif
    }

    /// Whether `soma ARGS` gets the huge page: a game does (what the server starts is `soma
    /// play`), a solve and the other commands that draw nothing do not (2 MB zeroed was 3-4 % of
    /// `soma solve 3x20 --count`).
    static func wanted(_ arguments: [String]) -> Bool {
        let words = ["soma"] + arguments
        var pointers = words.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                cn_huge_heap_wanted(Int32(words.count), $0) == 1
            }
        }
    }

    @Test("a game gets the huge page, a solve, a merge or a listing does not")
    func whoGetsTheHugePage() {
        for game in [[], ["play"], ["pento", "6x10"], ["daily"], ["design"], ["--figure", "bathtub"], ["help"]] {
            #expect(Self.wanted(game), "soma \(game)")
        }
        for command in [["solve", "3x20", "--count"], ["merge", "a", "b"], ["show", "cube"], ["figures"],
                        ["generate"], ["scores"], ["serve"], ["--version"]] {
            #expect(!Self.wanted(command), "soma \(command)")
        }
        #expect(cn_huge_heap_wanted(0, nil) == 1)
    }
}
