import CNcurses
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// malloc's thresholds raised before `main` (heap_thresholds.c): a game's canvases come from the
/// heap, reused frame after frame, not from mappings of their own faulted in at every frame.
@Suite struct HeapThresholdsTests {
    @Test("before main, a block of a canvas's size came from the heap (the test process counts as a game)")
    func canvasesFromTheHeap() {
        #if os(Linux)
        // Checked by the constructor itself, right after the raise: later, any test's free of a
        // large mapped block raises the thresholds too, and would hide a raise that did nothing.
        #expect(cn_heap_thresholds_checked() == 1)
        #else
        #expect(cn_heap_thresholds_checked() == 0)
        #endif
    }

    /// Whether `soma ARGS` has its thresholds raised: a game does (what the server starts is
    /// `soma play`), a solve and the other commands that draw nothing do not.
    static func wanted(_ arguments: [String]) -> Bool {
        let words = ["soma"] + arguments
        var pointers = words.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                cn_heap_thresholds_wanted(Int32(words.count), $0) == 1
            }
        }
    }

    @Test("a game has its thresholds raised, a solve, a merge or a listing does not")
    func whoIsRaised() {
        for game in [[], ["play"], ["pento", "6x10"], ["daily"], ["design"], ["--figure", "bathtub"], ["help"]] {
            #expect(Self.wanted(game), "soma \(game)")
        }
        for command in [["solve", "3x20", "--count"], ["merge", "a", "b"], ["show", "cube"], ["figures"],
                        ["generate"], ["scores"], ["serve"], ["--version"]] {
            #expect(!Self.wanted(command), "soma \(command)")
        }
        #expect(cn_heap_thresholds_wanted(0, nil) == 1)
    }
}
