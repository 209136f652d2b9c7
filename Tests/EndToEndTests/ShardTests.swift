import Foundation
import Testing

/// One search split over many processes, as a cluster would run it: `soma solve --shard K/N
/// --json` per part, `soma merge` over the parts, `--checkpoint` surviving a kill.
///
/// The large searches (3x4x5, Bedlam) take seconds in a release build and many times that in a
/// debug one, so they drive the release binary (`swift build -c release --product soma`, or
/// `$SOMA_RELEASE_BIN`); the small ones run on the binary the other end-to-end tests use.
@Suite("soma solve --shard, soma merge, --checkpoint", .timeLimit(.minutes(10)), .serialized,
       .requires(.soma))
struct ShardTests {
    static let releasePath: String = {
        if let path = ProcessInfo.processInfo.environment["SOMA_RELEASE_BIN"], !path.isEmpty { return path }
        return SomaBinary.path
    }()
    static var hasRelease: Bool { FileManager.default.isExecutableFile(atPath: releasePath) }

    /// A fresh scratch directory.
    func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("soma-shards-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The JSON object of one line of output.
    func object(_ line: String) throws -> [String: Any] {
        let data = Data(line.utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(line)")
    }

    @Test("3x4x5 split 16 ways, run by GNU parallel, merges to 3940 distinct / 31520 raw",
          .requires(.releaseSoma),
          .requires(.parallel))
    func box3x4x5WithGNUParallel() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let run = try Tmux.run(["sh", "-c", "cd '\(dir)' && parallel --will-cite "
            + "\"'\(Self.releasePath)' solve 3x4x5 --count --json --shard {}/16 > shard-{}.json\" ::: $(seq 16)"])
        try #require(run.status == 0, "\(run.error)")
        let files = (1...16).map { "\(dir)/shard-\($0).json" }
        var partitions: Set<String> = []
        var distinct = 0
        for (k, file) in files.enumerated() {
            let shard = try object(try String(contentsOfFile: file, encoding: .utf8))
            #expect(shard["shard"] as? String == "\(k + 1)/16")
            #expect(shard["figure"] as? String == "3x4x5 box")
            partitions.insert(try #require(shard["partition"] as? String))
            distinct += try #require(shard["distinct"] as? Int)
        }
        // Every shard worked out the same partition on its own.
        #expect(partitions.count == 1)
        #expect(distinct == 3940)
        let merged = try Tmux.run([Self.releasePath, "merge"] + files)
        #expect(merged.status == 0, "\(merged.error)")
        let total = try object(merged.output)
        #expect(total["figure"] as? String == "3x4x5 box")
        #expect(total["distinct"] as? Int == 3940)
        #expect(total["raw"] as? Int == 31520)
        #expect((total["solutions"] as? [Any])?.isEmpty == true)
    }

    @Test("Bedlam split 8 ways merges to 19186 distinct",
          .requires(.releaseSoma))
    func bedlamEightWays() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // All shards' lines in one file, as `parallel ... > all.json` would gather them.
        var lines = ""
        for k in 1...8 {
            let run = try Tmux.run([Self.releasePath, "solve", "bedlam", "--count", "--json", "--shard", "\(k)/8"])
            try #require(run.status == 0 || run.status == 1, "\(run.error)")
            lines += run.output
        }
        try lines.write(toFile: "\(dir)/all.json", atomically: true, encoding: .utf8)
        let merged = try Tmux.run([Self.releasePath, "merge", "\(dir)/all.json"])
        #expect(merged.status == 0, "\(merged.error)")
        let total = try object(merged.output)
        #expect(total["distinct"] as? Int == 19186)
        #expect(total["raw"] as? Int == 460464)
    }

    @Test("merge names a missing shard, refuses a doubled or foreign one, exit 2")
    func mergeChecksTheSet() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for k in 1...4 {
            let run = try Tmux.run([SomaBinary.path, "solve", "cube", "--count", "--json", "--shard", "\(k)/4"])
            try #require(run.status == 0, "\(run.error)")
            try run.output.write(toFile: "\(dir)/\(k).json", atomically: true, encoding: .utf8)
        }
        let other = try Tmux.run([SomaBinary.path, "solve", "cube", "--count", "--json", "--shard", "2/3"])
        try other.output.write(toFile: "\(dir)/other.json", atomically: true, encoding: .utf8)
        let all = (1...4).map { "\(dir)/\($0).json" }

        let whole = try Tmux.run([SomaBinary.path, "merge"] + all)
        #expect(whole.status == 0)
        #expect(try object(whole.output)["distinct"] as? Int == 240)
        #expect(try object(whole.output)["raw"] as? Int == 11520)

        let missing = try Tmux.run([SomaBinary.path, "merge", all[0], all[1], all[3]])
        #expect(missing.status == 2)
        #expect(missing.error == "soma merge: shard 3/4 is missing\n")
        #expect(missing.output.isEmpty)

        let doubled = try Tmux.run([SomaBinary.path, "merge"] + all + [all[1]])
        #expect(doubled.status == 2)
        #expect(doubled.error == "soma merge: shard 2/4 appears twice (\(all[1]) and \(all[1]))\n")

        let foreign = try Tmux.run([SomaBinary.path, "merge"] + all + ["\(dir)/other.json"])
        #expect(foreign.status == 2)
        #expect(foreign.error.contains("the search was split two ways"))
    }

    /// A shard killed (SIGKILL) once its checkpoint shows a job under way, then run again with
    /// the same checkpoint, reports the same counts as a search never interrupted.
    @Test("a shard killed and resumed from its checkpoint gives the same total")
    func killedShardResumes() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let binary = Self.hasRelease ? Self.releasePath : SomaBinary.path
        // Large enough to be caught under way in either build.
        let figure = Self.hasRelease ? "3x4x5" : "6x10"
        let expected = Self.hasRelease ? (3940, 31520) : (2339, 9356)
        let checkpoint = "\(dir)/shard.checkpoint"
        let arguments = ["solve", figure, "--count", "--json", "--shard", "1/1", "--threads", "2",
                         "--checkpoint", checkpoint, "--checkpoint-interval", "0.05"]
        let pid = try Self.spawn([binary] + arguments)
        // Poll the checkpoint until it holds a job under way (one with a resume path).
        let deadline = ContinuousClock.now + .seconds(120)
        var underWay = false
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: checkpoint, encoding: .utf8),
               text.range(of: #"[0-9],\[[0-9]"#, options: .regularExpression) != nil {
                underWay = true
                break
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { break }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        try #require(underWay, "the checkpoint never showed a job under way")
        let saved = try String(contentsOfFile: checkpoint, encoding: .utf8)

        let resumed = try Tmux.run([binary] + arguments)
        #expect(resumed.status == 0, "\(resumed.error)")
        let total = try object(resumed.output)
        #expect(total["distinct"] as? Int == expected.0, "resumed from \(saved.prefix(300))")
        #expect(total["raw"] as? Int == expected.1)
        // The final checkpoint has every job done: running again searches nothing.
        let final = try String(contentsOfFile: checkpoint, encoding: .utf8)
        #expect(final.range(of: #"[0-9],\[[0-9]"#, options: .regularExpression) == nil)
        let again = try Tmux.run([binary] + arguments)
        #expect(try object(again.output)["distinct"] as? Int == expected.0)
        // A checkpoint of another shard is refused.
        let wrong = try Tmux.run([binary, "solve", figure, "--count", "--shard", "1/2", "--checkpoint", checkpoint])
        #expect(wrong.status == 2)
        #expect(wrong.error.contains("not shard 1/2"))
    }

    /// `--all --raw` lists the solutions in the same order on one thread and on two.
    @Test("--all --raw lists 4x15's 1472 solutions in one order on 1 and 2 threads")
    func listingOrderIgnoresThreads() throws {
        let binary = Self.hasRelease ? Self.releasePath : SomaBinary.path
        let one = try Tmux.run([binary, "solve", "4x15", "--all", "--raw", "--threads", "1"])
        let two = try Tmux.run([binary, "solve", "4x15", "--all", "--raw", "--threads", "2"])
        #expect(one.status == 0)
        #expect(one.output.hasPrefix("4x15 rectangle: 368 distinct solutions (1472 raw)"))
        #expect(one.output.contains("\n#1472\n"))
        #expect(one.output == two.output)
    }

    /// Starts a process without waiting for it; returns its pid.
    static func spawn(_ arguments: [String]) throws -> pid_t {
        try ChildProcess.spawn(arguments)
    }
}
