import ArgumentParser
import CommandOptions
import Files
import Polycube
import SolveJobs
import Solver
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `soma merge`: adds up the shards of one search (`soma solve --shard K/N --json`), after
/// checking that they make up exactly one partition: the same figure and partition
/// fingerprint, every shard from 1 to N once. Prints the totals as `soma solve --json` does.
///
/// Exit status: 0 merged, 1 the figure has no solution, 2 a bad set (a missing, doubled or
/// foreign shard, a file that is not a shard's output).
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Add up the shards of a search split with soma solve --shard K/N --json.",
        discussion: """
            Each FILE holds the output of one or more shards, one JSON line each (`-` reads \
            standard input). The shards must all come from one partition (same figure, same N, \
            same fingerprint) and cover every part from 1 to N exactly once; a missing shard is \
            named. Every line must be authenticated with the search's key (SOMA_SEARCH_KEY or \
            SOMA_SEARCH_KEY_FILE, the same on every machine; by default this machine's own). \
            --verify K counts K of the jobs again here, spread over the shards, and refuses the \
            merge on any difference. Prints the totals in the shape of soma solve --json.
            Exit status: 0 merged, 1 the figure has no solution, 2 a bad set of shards.
            """)

    @Argument(help: "Files holding the shards' JSON output (- for standard input).")
    var files: [String] = []

    @Option(help: ArgumentHelp("Count this many jobs again (1 to \(Self.maximumVerified)), chosen at random over the shards; "
                               + "refuse on a difference.",
                               valueName: "k"))
    var verify: WholeNumber<Verified>?

    @Option(help: ArgumentHelp("The figure the shards searched, as given to soma solve (default: the shards' figure name).",
                               valueName: "figure"))
    var figure: String?

    mutating func run() throws {
        guard !files.isEmpty else { throw fail("give the files holding the shards' output (see soma merge --help)") }
        let verifyCount = verify?.value ?? 0
        let key: [UInt8]
        do {
            key = try SearchKey.current().bytes
        } catch {
            throw fail(error.description)
        }
        var reports: [(report: ShardReport, source: String)] = []
        for file in files {
            let name = UntrustedText.shown(file)
            let bytes: [UInt8]
            if file == "-" {
                do {
                    bytes = try BoundedFile.readStandardInput(maxBytes: Self.maxBytes)
                } catch {
                    throw fail(error.reason == .tooLarge(limit: Self.maxBytes)
                        ? "standard input holds more than \(Self.maxBytes >> 20) MiB; shard files are small" : "\(error)")
                }
            } else {
                do {
                    bytes = try BoundedFile.read(file, maxBytes: Self.maxBytes)
                } catch {
                    throw fail("\(name): \(error)")
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let lines = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
            guard !lines.isEmpty else { throw fail("\(name) holds no shard") }
            for (n, line) in lines.enumerated() {
                switch ShardReport.parse(line, key: key) {
                case let .success(report): reports.append((report, lines.count == 1 ? name : "\(name):\(n + 1)"))
                case let .failure(error): throw fail("\(name):\(n + 1): \(error.message)")
                }
            }
        }
        let first = reports[0]
        for (report, source) in reports.dropFirst() {
            guard report.figure == first.report.figure, report.cells == first.report.cells else {
                throw fail("\(source) is a shard of '\(UntrustedText.shown(report.figure))', \(first.source) of "
                    + "'\(UntrustedText.shown(first.report.figure))'")
            }
            guard report.shard.count == first.report.shard.count else {
                throw fail("\(source) is shard \(report.shard.description), \(first.source) shard "
                    + "\(first.report.shard.description): the search was split two ways")
            }
            guard report.partition == first.report.partition else {
                throw fail("\(source) belongs to partition \(report.partition), \(first.source) to "
                    + "\(first.report.partition): not one search (another build of soma?)")
            }
        }
        let count = first.report.shard.count
        var seen: [Int: String] = [:]
        for (report, source) in reports {
            if let earlier = seen[report.shard.number] {
                throw fail("shard \(report.shard.description) appears twice (\(earlier) and \(source))")
            }
            seen[report.shard.number] = source
        }
        let missing = (1...count).filter { seen[$0] == nil }
        if !missing.isEmpty {
            let names = missing.prefix(20).map { "\($0)/\(count)" }.joined(separator: ", ")
                + (missing.count > 20 ? " and \(missing.count - 20) more" : "")
            throw fail(missing.count == 1 ? "shard \(names) is missing" : "shards \(names) are missing")
        }
        // Each count is at most 2^48 (`ShardReport.damage`), but 100,000 shards of them could
        // still pass Int.max: added with overflow checked.
        var distinct = 0, raw = 0
        for (report, _) in reports {
            let d = distinct.addingReportingOverflow(report.distinct), r = raw.addingReportingOverflow(report.raw)
            guard !d.overflow, !r.overflow else { throw fail("the shards' counts add up past \(Int.max): damaged shards") }
            distinct = d.partialValue
            raw = r.partialValue
        }
        if verifyCount > 0 {
            let argument = figure ?? first.report.figure
            let solver: Solver
            do {
                solver = try Solver(SolveRequest(figures: [argument]).resolveFigure(argument))
            } catch {
                throw fail("--verify: cannot search \(UntrustedText.shown(argument)) again (\(error)); "
                    + "name the figure as it was given to soma solve with --figure")
            }
            var random = SystemRandomNumberGenerator()
            if let why = ShardVerification.verify(reports.map(\.report), solver: solver, jobs: verifyCount,
                                                  threads: UsableCores.count, random: &random) {
                throw fail("--verify: \(why); the shards cannot be trusted")
            }
        }
        let seconds = reports.reduce(0.0) { $0 + $1.report.seconds }
        print("{\"figure\":\(JSONText.string(first.report.figure)),\"cells\":\(first.report.cells),"
            + "\"distinct\":\(distinct),\"raw\":\(raw),\"complete\":true,\"seconds\":\(String(printf: "%.6f", seconds)),\"solutions\":[]}")
        if distinct == 0 { throw ExitCode(1) }
    }

    /// The most jobs `--verify` counts again (a partition of 100,000 shards has far more).
    static let maximumVerified = 100_000
    /// `--verify`'s bounds: 1 to `maximumVerified` jobs.
    enum Verified: NumberBounds { static var range: ClosedRange<Int> { 1...MergeCommand.maximumVerified } }

    /// Far more than 100,000 shards' lines take.
    static let maxBytes = 64 << 20

    private func fail(_ message: String) -> ExitCode {
        StandardStreams.printError("soma merge: \(message)")
        return ExitCode(2)
    }
}
