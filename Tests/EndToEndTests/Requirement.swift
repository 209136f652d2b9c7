import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What an end-to-end test needs from the machine (a tool, a built binary), checked in one place
/// as a trait: `@Suite(..., .requires(.tmux), .requires(.soma))`.
///
/// Under `make test` (`SOMA_TESTS_REQUIRE_TOOLS=1`, set by the Makefile, whose `test-deps`
/// installs every tool and whose build steps make both binaries) a missing one is a FAILURE that
/// names it: a test skipped because its tool is missing passes without testing anything. Under a
/// plain `swift test` the test is skipped, and the skip's comment says what is missing and how
/// to get it.
struct Requirement: SuiteTrait, TestTrait {
    /// What is needed, as a person would name it ("tmux", "the release soma binary").
    let name: String
    /// How to get it.
    let remedy: String
    /// Whether it is there, given the environment to look in (PATH, SOMA_BIN...).
    let check: @Sendable (_ environment: [String: String]) -> Bool
    /// The environment to look in (the test process's own, but for `RequirementTests`).
    var environment: [String: String] = ProcessInfo.processInfo.environment

    var isRecursive: Bool { false }

    /// The environment variable `make test` sets.
    static let strictVariable = "SOMA_TESTS_REQUIRE_TOOLS"

    /// Whether a missing requirement fails (under `make test`) rather than skips.
    var strict: Bool { environment[Self.strictVariable] == "1" }

    /// Nil when the requirement is met, else the sentence a failure or a skip says.
    var problem: String? {
        check(environment) ? nil : "\(name) is missing: \(remedy)"
    }

    func prepare(for test: Test) async throws {
        guard let problem else { return }
        if strict { throw Missing(description: "\(problem) (\(Self.strictVariable)=1: a missing tool fails)") }
        // Skipped, with the reason as the skip's comment.
        try await ConditionTrait.enabled(if: false, Comment(rawValue: "skipped: \(problem)")).prepare(for: test)
    }

    var comments: [Comment] { [Comment(rawValue: "requires \(name)")] }

    /// The failure a missing requirement is under `make test`.
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether `tool` is an executable file in one of the folders of `PATH` in `environment`
    /// (the lookup `env` and the shell make), or, for a path with a slash, at that path.
    static func onPath(_ tool: String, _ environment: [String: String]) -> Bool {
        if tool.contains("/") { return FileManager.default.isExecutableFile(atPath: tool) }
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return folders.contains { FileManager.default.isExecutableFile(atPath: $0 + "/" + tool) }
    }

    /// Tools found on PATH (`make test-deps` installs each from `package`).
    static func tools(_ name: String, _ tools: [String], package: String) -> Requirement {
        Requirement(name: name, remedy: "make test-deps installs it (apt-get install \(package))") { environment in
            tools.allSatisfy { onPath($0, environment) }
        }
    }
}

extension Requirement {
    static let tmux = tools("tmux", ["tmux"], package: "tmux")
    static let openSSH = tools("OpenSSH (sshd, ssh, ssh-keygen)", [LoopbackSSH.server, LoopbackSSH.client, LoopbackSSH.keygen],
                               package: "openssh-server openssh-client")
    static let parallel = tools("GNU parallel", ["parallel"], package: "parallel")
    static let haproxy = Requirement(name: "HAProxy", remedy: "make test-deps installs it (apt-get install haproxy)") { _ in
        Balancer.isAvailable
    }
    static let postgres = Requirement(
        name: "PostgreSQL (initdb, and a postgres user when root)",
        remedy: "make test-deps installs it (apt-get install postgresql)") { _ in PostgresServer.isAvailable }
    /// xterm on Xvfb, xdotool and ImageMagick's import, and an X server that starts.
    static let xterm = Requirement(
        name: "xterm on Xvfb (Xvfb, xterm, xdotool, import)",
        remedy: "make test-deps installs them (apt-get install xvfb xterm xdotool imagemagick)") { environment in
        ["Xvfb", "xterm", "xdotool", "import"].allSatisfy { onPath($0, environment) }
    }
    /// The binary the end-to-end tests drive (`SomaBinary.path`: the release build or `$SOMA_BIN`).
    static let soma = Requirement(
        name: "the soma binary (\(SomaBinary.path))",
        remedy: "swift build -c release --product soma (make test builds it)") { _ in SomaBinary.exists }
    /// The SSH server `soma serve` execs, beside the soma binary.
    static let somaServer = Requirement(
        name: "the soma-server binary (\(SomaBinary.path)-server)",
        remedy: "swift build -c release --product soma-server (make test builds it)") { _ in
        FileManager.default.isExecutableFile(atPath: SomaBinary.path + "-server")
    }
    /// The release build the large searches run on (`ShardTests.releasePath`).
    static let releaseSoma = Requirement(
        name: "the release soma binary (\(ShardTests.releasePath))",
        remedy: "swift build -c release --product soma (make test builds it)") { _ in ShardTests.hasRelease }
}

extension Trait where Self == Requirement {
    /// The test needs `requirement`: under `make test` its absence fails the test and names it,
    /// elsewhere it skips the test and says so.
    static func requires(_ requirement: Requirement) -> Self { requirement }
}
