import CNcurses
import Foundation
@testable import soma
import Testing

/// The commands `huge_heap.c` keeps from the huge heap are the ones that draw no game: its list
/// of names is C, beside no command, so this test holds it to the command tree. A command added
/// to `soma` fails here until it is put on one side.
@Suite struct HugeHeapCommandsTests {
    /// The commands that open a game (the huge heap pays at their first frame, issue 35).
    static let games: Set<String> = ["play", "pento", "daily", "design"]

    static func wanted(_ command: String) -> Bool {
        let arguments: [String] = ["soma", command]
        var words = arguments.map { strdup($0) }
        defer { words.forEach { free($0) } }
        return words.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                cn_huge_heap_wanted(Int32(buffer.count), $0) == 1
            }
        }
    }

    @Test("every command of soma is a game that gets the huge heap or a command that does not")
    func everyCommandIsOnOneSide() {
        let names = Soma.configuration.subcommands.compactMap { $0.configuration.commandName }
        #expect(names.contains("solve") && names.contains("play"), "\(names)")
        for name in names {
            #expect(Self.wanted(name) == Self.games.contains(name), "soma \(name)")
        }
    }
}
