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
        func shown(_ value: (any CustomStringConvertible)?) -> String { value?.description ?? "-" }
        return "\(r.figures) count:\(r.count) all:\(r.all) raw:\(r.raw) limit:\(shown(r.limit)) draw:\(r.pictureOptions != nil) "
            + "json:\(r.json) time:\(r.time) threads:\(shown(r.threads)) shard:\(shown(r.shard)) "
            + "checkpoint:\(shown(r.checkpoint)) interval:\(shown(r.checkpointInterval))"
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
              // Values their reader refuses: the parser answers them.
              ["solve", "cube", "--limit", "0"], ["solve", "cube", "--threads", "many"], ["solve", "cube", "--limit", "1e3"],
          ])
    func declinesTheRest(words: [String]) {
        #expect(QuickCommandLine.solveRequest(words) == nil)
    }

    @Test("a value its type refuses is the parser's answer, naming the option and, in its help line, what it takes",
          arguments: [
              (["solve", "cube", "--limit", "0"], "The value '0' is invalid for '--limit <n>'", "at least 1"),
              (["solve", "cube", "--threads", "many"], "The value 'many' is invalid for '--threads <n>'", "at least 1"),
              (["solve", "cube", "--shard", "3/2"], "The value '3/2' is invalid for '--shard <K/N>'", "1 <= K <= N, N at most 100000"),
              (["solve", "cube", "--checkpoint-interval", "1e16"], "The value '1e16' is invalid for '--checkpoint-interval <s>'",
               "above 0 and at most 604800"),
              (["solve", "cube", "--checkpoint-interval", "nan"], "The value 'nan' is invalid for '--checkpoint-interval <s>'",
               "above 0 and at most 604800"),
              (["solve", "cube", "--draw", "--view", "4"], "The value '4' is invalid for '--view <view>'", "(0-3)"),
              (["solve", "cube", "--draw", "--width", "7"], "The value '7' is invalid for '--width <width>'", "(8 to 1000)"),
              (["generate", "--grade", "6"], "The value '6' is invalid for '--grade <g>'", "1 (easy) to 5 (hard)"),
              (["generate", "--solutions", "0"], "The value '0' is invalid for '--solutions <n>'", "1 to 10000"),
              (["generate", "--seed", "seven"], "The value 'seven' is invalid for '--seed <s>'", "from 0 to 18446744073709551615"),
              (["generate", "--count", "1001"], "The value '1001' is invalid for '--count <k>'", "1 to 1000"),
              (["merge", "--verify", "0", "x.json"], "The value '0' is invalid for '--verify <k>'", "1 to 100000"),
              (["daily", "--date", "2026-02-30"], "The value '2026-02-30' is invalid for '--date <date>'", "YYYY-MM-DD from 1970 to 9999"),
          ])
    func badValues(_ words: [String], _ error: String, _ help: String) {
        var message = "parsed"
        do {
            _ = try Soma.parseAsRoot(words)
        } catch {
            message = Soma.fullMessage(for: error)
            #expect(Soma.exitCode(for: error) == .validationFailure, "a usage mistake: Soma.main exits 2")
        }
        let lines = message.split(separator: "\n")
        #expect(lines.first.map(String.init) == "Error: " + error, "\(message)")
        #expect(lines.count > 1 && lines[1].hasPrefix("Help:  ") && message.contains(help), "\(message)")
    }

    @Test("values in range are read as numbers")
    func goodValues() throws {
        let request = try Self.parsed(["solve", "cube", "--shard", "2/3", "--checkpoint", "c", "--checkpoint-interval", "0.5",
                                       "--threads", "2", "--draw", "--view", "3", "--width", "8"])
        #expect(request.shard == ShardSpec(number: 2, count: 3) && request.checkpointInterval?.seconds == 0.5)
        #expect(request.threads?.value == 2 && request.pictureOptions?.view == 3 && request.pictureOptions?.width == 8)
        let generate = try #require(try Soma.parseAsRoot(["generate", "--seed", "18446744073709551615", "--grade", "5"]) as? GenerateCommand)
        #expect(generate.seed == UInt64.max && generate.grade?.value == 5 && generate.count == nil)
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
