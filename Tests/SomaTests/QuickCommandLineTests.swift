import ArgumentParser
import Testing
@testable import SolveJobs
@testable import soma

/// The quick path of `soma solve` (`QuickCommandLine`) must read a command line exactly as the
/// argument parser does, or leave it to the parser: both are asked here about the same words.
@Suite("soma solve's quick path reads command lines as the parser does")
struct QuickCommandLineTests {
    /// What a request says, field by field (its picture options are the parser's own values).
    static func summary(_ r: SolveRequest) -> String {
        "\(r.figures) count:\(r.count) all:\(r.all) raw:\(r.raw) limit:\(r.limit ?? "-") draw:\(r.pictureOptions != nil) "
            + "json:\(r.json) time:\(r.time) threads:\(r.threads ?? "-") shard:\(r.shard ?? "-") "
            + "checkpoint:\(r.checkpoint ?? "-") interval:\(r.checkpointInterval ?? "-")"
    }

    static func parsed(_ words: [String]) throws -> SolveRequest {
        let command = try Soma.parseAsRoot(words)
        let solve = try #require(command as? SolveCommand, "\(words) is not a solve command")
        return solve.request
    }

    @Test("command lines the quick path takes, read the same by both",
          arguments: [
              ["solve", "cube"],
              ["solve", "cube", "--count"],
              ["solve", "--count", "cube"],
              ["solve", "3x20", "4x15", "--count", "--json"],
              ["solve", "--json", "--time", "bedlam"],
              ["solve", "cube", "--all", "--raw"],
              ["solve", "figures/my.soma", "--count", "--time"],
              ["solve", "6x10", "--raw", "--json", "--count", "--all", "--time"],
              ["solve", "cube", "--count", "--threads", "1"],
              ["solve", "--threads", "2", "--limit", "5", "3x20", "4x15"],
              ["solve", "cube", "--limit", "0"],
              ["solve", "cube", "--threads", "many"],
          ])
    func takesWhatItCanRead(words: [String]) throws {
        let quick = try #require(QuickCommandLine.solveRequest(words), "the quick path declined \(words)")
        #expect(Self.summary(quick) == Self.summary(try Self.parsed(words)))
    }

    @Test("command lines left to the parser",
          arguments: [
              [], ["solve"], ["solve", "--count"], ["play"], ["cube"], ["solve", "--help"], ["solve", "-h"],
              ["solve", "cube", "--draw"], ["solve", "cube", "--limit=3"], ["solve", "cube", "--limit"],
              ["solve", "cube", "--threads", "-1"], ["solve", "cube", "--threads", "1", "--threads", "2"],
              ["solve", "cube", "--limit", "--count"], ["solve", "cube", "--threads", ""],
              ["solve", "--shard", "1/2", "cube"], ["solve", "--", "cube"],
              ["solve", "cube", "--count", "--count"], ["solve", "help"], ["solve", ""], ["solve", "cube", "-c"],
              ["solve", "cube", "--cout"], ["show", "cube"], ["--version"],
          ])
    func declinesTheRest(words: [String]) {
        #expect(QuickCommandLine.solveRequest(words) == nil)
    }

    @Test("a declined command line still reaches soma solve through the parser")
    func parserReadsWhatTheQuickPathDeclines() throws {
        #expect(QuickCommandLine.solveRequest(["solve", "cube", "--limit", "3", "--threads", "1", "--count", "--count"]) == nil)
        let request = try Self.parsed(["solve", "cube", "--limit", "3", "--threads", "1", "--count", "--count"])
        #expect(Self.summary(request) == "[\"cube\"] count:true all:false raw:false limit:3 draw:false "
            + "json:false time:false threads:1 shard:- checkpoint:- interval:-")
    }
}

#if os(Linux)
@Suite("the cores a process may use, from /proc/self/status")
struct UsableCoresTests {
    @Test("Cpus_allowed_list is counted: numbers, ranges, both")
    func countsTheList() {
        let status = "Name:\tsoma\nCpus_allowed:\tff\nCpus_allowed_list:\t0-3,8\nMems_allowed:\t1\n"
        #expect(UsableCores.cpuCount(inStatus: Array(status.utf8)) == 5)
        #expect(UsableCores.cpuCount(inStatus: Array("Cpus_allowed_list:\t0\n".utf8)) == 1)
        #expect(UsableCores.cpuCount(inStatus: Array("Cpus_allowed_list:\t0-1,4-5,7\n".utf8)) == 5)
    }

    @Test("no list, or one it cannot read, gives no answer")
    func refusesWhatItCannotRead() {
        #expect(UsableCores.cpuCount(inStatus: Array("Name:\tsoma\n".utf8)) == nil)
        #expect(UsableCores.cpuCount(inStatus: Array("Cpus_allowed_list:\t3-1\n".utf8)) == nil)
        #expect(UsableCores.cpuCount(inStatus: Array("Cpus_allowed_list:\t0-x\n".utf8)) == nil)
        #expect(UsableCores.cpuCount(inStatus: []) == nil)
    }

    @Test("this process's own count is at least one and at most the machine's")
    func ownCount() {
        #expect(UsableCores.count >= 1)
    }
}
#endif
