import Foundation
import Testing

/// Which `soma` executable the end-to-end tests drive.
///
/// By default the **release** build, `.build/release/soma`: it is what `make run` and
/// `make install` give players, and the optimiser can change behaviour the debug build does not
/// show (round one's release binary ignored SIGTERM while every debug test passed). `make test`
/// builds it with the tests. `$SOMA_BIN` names another binary. The signal tests run on
/// every build in `builds`, the debug one too.
enum SomaBinary {
    /// The package root, found from this file's path, so the tests work from any directory.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folder of the running test bundle (`release` or `debug` in a build folder), when
    /// these tests run from a built bundle.
    private static let bundleFolder: URL? = {
        guard let bundle = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
              bundle.hasSuffix(".xctest") else { return nil }
        return URL(fileURLWithPath: bundle).deletingLastPathComponent()
    }()

    /// Whether these tests are a debug build's (`swift build --build-tests`, `swift test`), not
    /// `make test`'s release build (Makefile: one build for the binaries and the tests).
    static let testsAreDebug = bundleFolder?.lastPathComponent == "debug"

    /// The release build (or `$SOMA_BIN`): the one beside the tests when they are a release
    /// build's (`make test` builds both in `.build-test`), else the players' `.build/release`.
    static let path: String = {
        if let path = ProcessInfo.processInfo.environment["SOMA_BIN"], !path.isEmpty { return path }
        if let folder = bundleFolder, folder.lastPathComponent == "release" {
            return folder.appendingPathComponent("soma").path
        }
        return packageRoot.appendingPathComponent(".build/release/soma").path
    }()

    /// The debug build that `swift build --build-tests` makes: beside this test bundle, in
    /// whichever build folder (`--scratch-path`) it was built.
    static let debugPath: String = {
        guard let folder = bundleFolder, testsAreDebug else {
            return packageRoot.appendingPathComponent(".build/debug/soma").path
        }
        return folder.appendingPathComponent("soma").path
    }()

    /// The builds every signal test runs on: what users get, and, when the tests are a debug
    /// build's, what developers run (with the dependencies' debug-only checks, SwiftNIO's among
    /// them). `make test` builds no debug binary.
    static let builds: [Build] = [Build(name: "release", path: path)]
        + (testsAreDebug ? [Build(name: "debug", path: debugPath)] : [])

    struct Build: CustomTestStringConvertible, Sendable {
        let name: String
        let path: String
        var testDescription: String { name }
        var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }
    }

    static var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// A shell command line that runs soma with `arguments` under `TERM=term`, then prints
    /// `EXIT=<status>` and keeps the pane open.
    static func command(_ arguments: [String] = ["play"], term: String = "xterm-256color", binary: String = path) -> String {
        "env TERM=\(term) '\(binary)' " + arguments.map { "'\($0)'" }.joined(separator: " ")
            + "; echo \"EXIT=$?\"; exec sleep 600"
    }

    /// A fresh temporary file path for the save hook (the progress database).
    static func temporaryStateFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-\(UUID().uuidString).state").path
    }

    /// Removes a state file and what SQLite keeps beside it while it is open (its write-ahead
    /// log and shared-memory index, left behind when a test ends a game by a signal).
    static func removeState(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Whether process `pid` is still running (not gone, not a zombie).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.range(of: ") ", options: .backwards) else { return false }
        return stat[close.upperBound...].first != "Z"
    }

    /// The line of the figure menu on screen that lists `name` (nil when none does).
    static func menuLine(_ screen: String, naming name: String) -> String? {
        screen.split(separator: "\n").map(String.init).first { line in
            line.dropFirst(3).hasPrefix(name + " ")
        }
    }
}
