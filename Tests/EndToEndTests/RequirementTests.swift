import Foundation
import Testing

/// The one check every end-to-end test's tools go through (`Requirement`): with a tool hidden
/// from PATH, `make test`'s setting makes it a failure that names the tool, and without the
/// setting a skip that says what was skipped. Run on the trait's own code path (`prepare`, what
/// the test runner calls before each test), with a PATH of the test's making.
@Suite("a missing tool fails under make test and names itself", .timeLimit(.minutes(10)))
struct RequirementTests {
    /// A folder with an executable file `name` in it (a stand-in the lookup must find).
    static func folder(with name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-path-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("#!/bin/sh\n".utf8),
                                       attributes: [.posixPermissions: 0o755])
        return folder
    }

    /// `Requirement.tmux`, looked up in `environment` instead of the process's own.
    static func tmux(_ environment: [String: String]) -> Requirement {
        var requirement = Requirement.tmux
        requirement.environment = environment
        return requirement
    }

    @Test("tmux hidden from PATH under SOMA_TESTS_REQUIRE_TOOLS=1: the check fails and names tmux")
    func hiddenToolFails() async throws {
        let empty = try Self.folder(with: "not-tmux")
        defer { try? FileManager.default.removeItem(atPath: empty) }
        let requirement = Self.tmux(["PATH": empty + ":/nonexistent", Requirement.strictVariable: "1"])
        #expect(requirement.problem == "tmux is missing: make test-deps installs it (apt-get install tmux)")
        let test = try #require(Test.current)
        do {
            try await requirement.prepare(for: test)
            Issue.record("a missing tmux passed the check")
        } catch let missing as Requirement.Missing {
            #expect(missing.description
                == "tmux is missing: make test-deps installs it (apt-get install tmux) (SOMA_TESTS_REQUIRE_TOOLS=1: a missing tool fails)")
        }
    }

    @Test("tmux hidden from PATH under a plain swift test: a skip, not that failure")
    func hiddenToolSkips() async throws {
        let requirement = Self.tmux(["PATH": "/nonexistent"])
        #expect(!requirement.strict)
        let test = try #require(Test.current)
        var thrown: (any Error)?
        do { try await requirement.prepare(for: test) } catch { thrown = error }
        // The skip the runner understands (ConditionTrait's), whose comment names tmux.
        let error = try #require(thrown, "a missing tmux neither failed nor skipped")
        #expect(!(error is Requirement.Missing))
        #expect(String(describing: error).contains("skipped: tmux is missing"), "\(error)")
    }

    @Test("tmux on PATH: the check passes, strict or not")
    func presentToolPasses() async throws {
        let folder = try Self.folder(with: "tmux")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let test = try #require(Test.current)
        for strict in ["1", "0"] {
            let requirement = Self.tmux(["PATH": "/nonexistent:" + folder, Requirement.strictVariable: strict])
            #expect(requirement.problem == nil)
            try await requirement.prepare(for: test)
        }
    }
}
