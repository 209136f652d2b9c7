import CNcurses
import Foundation
@testable import soma
import Testing

/// The commands `heap_thresholds.c` leaves as glibc sets them are the ones that draw no game: its list
/// of names is C, beside no command, so this test holds it to the command tree. A command added
/// to `soma` fails here until it is put on one side.
@Suite struct HeapThresholdsCommandsTests {
    /// The commands that open a game (their canvases come from the heap, issue 35).
    static let games: Set<String> = ["play", "pento", "daily", "design"]

    static func wanted(_ command: String) -> Bool {
        let arguments: [String] = ["soma", command]
        var words = arguments.map { strdup($0) }
        defer { words.forEach { free($0) } }
        return words.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                cn_heap_thresholds_wanted(Int32(buffer.count), $0) == 1
            }
        }
    }

    @Test("every command of soma is a game whose thresholds are raised or a command whose are not")
    func everyCommandIsOnOneSide() {
        let names = Soma.configuration.subcommands.compactMap { $0.configuration.commandName }
        #expect(names.contains("solve") && names.contains("play"), "\(names)")
        for name in names {
            #expect(Self.wanted(name) == Self.games.contains(name), "soma \(name)")
        }
    }
}
