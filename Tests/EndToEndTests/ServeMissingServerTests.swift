import Foundation
import Testing

/// `make run` builds the game alone: `soma serve` beside no `soma-server` must say, in one line,
/// how to get it, and exit 1 (never a crash, never a silent failure).
@Suite("soma serve without soma-server", .timeLimit(.minutes(10)), .requires(.soma))
struct ServeMissingServerTests {
    @Test("soma serve beside no soma-server: one line naming the file and the commands that make it, exit 1")
    func saysHowToBuildTheServer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-alone-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The release binary is static: a copy runs on its own, with nothing beside it.
        // A hard link where it can be (the same file, never open for writing); a copy otherwise.
        // A copy's descriptor may be inherited for a moment by a child another test forks, and
        // exec then says "Text file busy": tried again, as it is no answer of soma's.
        if (try? FileManager.default.linkItem(atPath: SomaBinary.path, toPath: folder + "/soma")) == nil {
            try FileManager.default.copyItem(atPath: SomaBinary.path, toPath: folder + "/soma")
        }
        var result = try Tmux.run([folder + "/soma", "serve", "--listen", "127.0.0.1:1"])
        for _ in 0..<20 where result.status == 126 && result.error.contains("Text file busy") {
            usleep(100_000)
            result = try Tmux.run([folder + "/soma", "serve", "--listen", "127.0.0.1:1"])
        }
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.error == "soma serve: \(folder)/soma-server is missing or cannot be run (make run builds the game alone): "
            + "build it with `swift build -c release --product soma-server` (or `make build`), or install both with `make install`\n")
    }
}
