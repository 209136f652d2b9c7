import Foundation

/// Where the `soma` executable under test is: `$SOMA_BIN`, else the debug build of this package
/// (found from this file's path, so the tests work from any directory).
enum SomaBinary {
    static let path: String = {
        if let path = ProcessInfo.processInfo.environment["SOMA_BIN"], !path.isEmpty { return path }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent(".build/debug/soma").path
    }()

    static var exists: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// A shell command line that runs soma with `arguments` under `TERM=term`, then prints
    /// `EXIT=<status>` and keeps the pane open.
    static func command(_ arguments: [String] = ["play"], term: String = "xterm-256color") -> String {
        "env TERM=\(term) '\(path)' " + arguments.map { "'\($0)'" }.joined(separator: " ")
            + "; echo \"EXIT=$?\"; exec sleep 600"
    }

    /// A fresh temporary file path for the save hook.
    static func temporaryStateFile() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-\(UUID().uuidString).state").path
    }
}
