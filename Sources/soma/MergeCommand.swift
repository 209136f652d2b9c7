import ArgumentParser
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
            named. Prints the totals in the shape of soma solve --json.
            Exit status: 0 merged, 1 the figure has no solution, 2 a bad set of shards.
            """)

    @Argument(help: "Files holding the shards' JSON output (- for standard input).")
    var files: [String] = []

    mutating func run() throws {
        guard !files.isEmpty else { throw fail("give the files holding the shards' output (see soma merge --help)") }
        var reports: [(report: ShardReport, source: String)] = []
        for file in files {
            let text: String
            if file == "-" {
                text = String(decoding: StandardStreams.readInput(), as: UTF8.self)
            } else {
                guard let data = FileManager.default.contents(atPath: file) else { throw fail("cannot read \(file)") }
                text = String(decoding: data, as: UTF8.self)
            }
            let lines = text.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) }
            guard !lines.isEmpty else { throw fail("\(file) holds no shard") }
            for (n, line) in lines.enumerated() {
                switch ShardReport.parse(line) {
                case let .success(report): reports.append((report, lines.count == 1 ? file : "\(file):\(n + 1)"))
                case let .failure(error): throw fail("\(file):\(n + 1): \(error.message)")
                }
            }
        }
        let first = reports[0]
        for (report, source) in reports.dropFirst() {
            guard report.figure == first.report.figure, report.cells == first.report.cells else {
                throw fail("\(source) is a shard of '\(report.figure)', \(first.source) of '\(first.report.figure)'")
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
        let distinct = reports.reduce(0) { $0 + $1.report.distinct }
        let raw = reports.reduce(0) { $0 + $1.report.raw }
        let seconds = reports.reduce(0.0) { $0 + $1.report.seconds }
        print("{\"figure\":\(JSONText.string(first.report.figure)),\"cells\":\(first.report.cells),"
            + "\"distinct\":\(distinct),\"raw\":\(raw),\"complete\":true,\"seconds\":\(String(printf: "%.6f", seconds)),\"solutions\":[]}")
        if distinct == 0 { throw ExitCode(1) }
    }

    private func fail(_ message: String) -> ExitCode {
        StandardStreams.printError("soma merge: \(message)")
        return ExitCode(2)
    }
}
