import Foundation
import Testing

/// `make run` builds the game alone: `soma serve` beside no `soma-server` must say, in one line,
/// how to get it, and exit 1 (never a crash, never a silent failure).
@Suite("soma serve without soma-server", .timeLimit(.minutes(2)), .requires(.soma))
struct ServeMissingServerTests {
    @Test("soma serve beside no soma-server: one line naming the file and the commands that make it, exit 1")
    func saysHowToBuildTheServer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-alone-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The release binary is static: a copy runs on its own, with nothing beside it.
        try FileManager.default.copyItem(atPath: SomaBinary.path, toPath: folder + "/soma")
        let result = try Tmux.run([folder + "/soma", "serve", "--listen", "127.0.0.1:1"])
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.error == "soma serve: \(folder)/soma-server is missing or cannot be run (make run builds the game alone): "
            + "build it with `swift build -c release --product soma-server` (or `make build`), or install both with `make install`\n")
    }
}
