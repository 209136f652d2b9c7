import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `soma serve` that cannot start (its SSH port, its health port or its metrics port taken by
/// another program): one line saying which and why, exit 1, on the debug build as on the
/// release one. The debug build is the one that matters here: SwiftNIO's debug checks trap on a
/// promise left uncompleted, and the server's "finished" promise was, when the bind failed (a
/// developer's `swift run soma-server` on a busy port crashed with a back trace instead of
/// saying the port is in use).
@Suite("soma serve that cannot start", .timeLimit(.minutes(5)), .serialized)
struct ServeStartFailureTests {
    @Test("a port in use (SSH, health, metrics): one line, exit 1, no trap", arguments: SomaBinary.builds)
    func portTaken(build: SomaBinary.Build) throws {
        try #require(FileManager.default.isExecutableFile(atPath: build.path + "-server"),
                     "\(build.path)-server: built by swift build --build-tests (debug) or make build (release)")
        let held = try HeldPort()
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("soma-start-\(UUID().uuidString)").path
        defer { _ = try? FileManager.default.removeItem(atPath: state) }
        let free = try LoopbackSSH.freePort()
        let cases: [(options: [String], line: String)] = [
            (["--listen", "127.0.0.1:\(held.port)"], "cannot listen on 127.0.0.1:\(held.port): address already in use"),
            (["--listen", "127.0.0.1:\(free)", "--health", "127.0.0.1:\(held.port)"],
             "cannot answer health checks on 127.0.0.1:\(held.port): address already in use"),
            (["--listen", "127.0.0.1:\(free)", "--metrics", "127.0.0.1:\(held.port)"],
             "cannot serve metrics on 127.0.0.1:\(held.port): address already in use"),
        ]
        for (options, line) in cases {
            let result = try Tmux.run([build.path, "serve", "--state-dir", state] + options)
            #expect(result.status == 1, "\(options): \(result.error)")
            // The state directory's first-start notes come before it; the refusal is the last line.
            #expect(result.error.hasSuffix("soma serve: \(line)\n"), "\(options): \(result.error)")
            #expect(!result.error.contains("Fatal error"), "\(options): \(result.error)")
            #expect(!result.error.contains("leaking promise"), "\(options): \(result.error)")
        }
    }
}

/// A TCP port of 127.0.0.1 held listening by the test for its life: "in use" to anyone else.
private final class HeldPort {
    let descriptor: Int32
    let port: Int

    init() throws {
        let held = try LoopbackSSH.loopbackSocket(listening: true)
        descriptor = held.descriptor
        port = held.port
    }

    deinit {
        close(descriptor)
    }
}
