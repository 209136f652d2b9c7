#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Files
import Polycube
import Solver

/// What `soma solve --shard K/N --json` prints for one shard, and what `soma merge` reads back:
/// one JSON object on one line, its jobs' counts (`[job,distinct,raw]`, what `soma merge
/// --verify` re-counts) and, last, `mac`: the HMAC-SHA256 under the search's key (`SearchKey`)
/// of the line as it stands without it. A line edited by anyone without the key (a count, a
/// job, its mac worked out again) is refused by `soma merge`.
public struct ShardReport {
    public var figure: String
    public var cells: Int
    public var shard: ShardSpec
    /// `SearchPartition.fingerprintText`: shards merge only with shards of the same partition.
    public var partition: String
    public var distinct: Int
    public var raw: Int
    public var seconds: Double
    /// Each job's final counts (`resumeAt` nil), in the shard's order.
    public var jobs: [JobProgress] = []

    /// The line, authenticated with `key`.
    public func json(key: [UInt8]) -> String {
        let list = jobs.map { "[\($0.job),\($0.distinct),\($0.raw)]" }.joined(separator: ",")
        let covered = "{\"figure\":\(JSONText.string(figure)),\"cells\":\(cells),\"shard\":\"\(shard.description)\","
            + "\"partition\":\"\(partition)\",\"distinct\":\(distinct),\"raw\":\(raw),"
            + "\"seconds\":\(String(printf: "%.6f", seconds)),\"jobs\":[\(list)]"
        return covered + ",\"mac\":\"\(HMACSHA256.hex(covered + "}", key: key))\"}"
    }

    static let macField = ",\"mac\":\""

    /// Reads one line of `soma solve --shard --json` output, checking its mac under `key`; the
    /// message says what is wrong.
    public static func parse(_ line: Substring, key: [UInt8]) -> Result<ShardReport, ReportError> {
        guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(line.utf8)) else {
            return .failure(ReportError("not a JSON object"))
        }
        // The mac covers the line's own bytes up to it: `{...,"mac":"<64 digits>"}`.
        let text = String(line)
        let tail = Self.macField + (fields.mac ?? "") + "\"}"
        guard let mac = fields.mac, text.hasSuffix(tail),
              HMACSHA256.same(HMACSHA256.hex(String(decoding: text.utf8.dropLast(tail.utf8.count), as: UTF8.self) + "}", key: key), mac) else {
            let which = fields.shard.flatMap { ShardSpec($0) }.map { "shard \($0.description)" } ?? "a shard line"
            return .failure(ReportError("\(which) is not authenticated under this search's key (edited, written by "
                + "another version of soma, or on a machine with another key: give every machine the same SOMA_SEARCH_KEY_FILE)"))
        }
        guard let shardText = fields.shard else {
            return .failure(ReportError("no \"shard\": not the output of soma solve --shard K/N --json"))
        }
        guard let shard = ShardSpec(shardText) else { return .failure(ReportError("bad shard '\(UntrustedText.shown(shardText, limit: 24))'")) }
        guard let figure = fields.figure, let partition = fields.partition, let cells = fields.cells,
              let distinct = fields.distinct, let raw = fields.raw else {
            return .failure(ReportError("shard \(shard.description) lacks figure, cells, partition, distinct or raw"))
        }
        if fields.secondsDamaged { return .failure(ReportError("damaged shard \(shard.description): its seconds are not a number")) }
        guard let jobs = fields.jobs, jobs.allSatisfy({ $0.count == 3 }) else {
            return .failure(ReportError("damaged shard \(shard.description): its jobs are not [job,distinct,raw] lists"))
        }
        let report = ShardReport(figure: figure, cells: cells, shard: shard, partition: partition,
                                 distinct: distinct, raw: raw, seconds: fields.seconds ?? 0,
                                 jobs: jobs.map { JobProgress(job: $0[0], distinct: $0[1], raw: $0[2], resumeAt: nil) })
        if let why = report.damage { return .failure(ReportError("damaged shard \(shard.description): \(why)")) }
        return .success(report)
    }

    /// Most seconds one shard may report: a year of CPU.
    static let maximumSeconds = 31_536_000.0

    /// Why no search could have printed this report; nil when one could. The counts are
    /// bounded as a checkpoint's are (`Solver.maximumSavedCount`), so that the sums over
    /// `ShardSpec.maximumCount` shards cannot overflow.
    public var damage: String? {
        if !UntrustedText.isSafe(figure) || figure.unicodeScalars.count > 1000 { return "its figure name holds control characters or is too long" }
        if !(1...Self.maximumCells).contains(cells) { return "\(cells) cells" }
        if partition.utf8.count != 16 || !partition.allSatisfy(\.isHexDigit) { return "its partition is not 16 hexadecimal digits" }
        if !(0...Solver.maximumSavedCount).contains(distinct) || !(0...Solver.maximumSavedCount).contains(raw) || distinct > raw {
            return "\(distinct) distinct and \(raw) raw solutions"
        }
        if !(seconds.isFinite && seconds >= 0 && seconds <= Self.maximumSeconds) { return "\(seconds) seconds" }
        if jobs.count > Self.maximumJobs { return "\(jobs.count) jobs" }
        var sum = (distinct: 0, raw: 0)
        for job in jobs {
            guard (0...Solver.maximumSavedCount).contains(job.distinct), (0...Solver.maximumSavedCount).contains(job.raw),
                  job.distinct <= job.raw, job.job >= 0 else { return "job \(job.job) counts \(job.distinct) and \(job.raw)" }
            sum.distinct += job.distinct
            sum.raw += job.raw
            guard sum.raw <= Solver.maximumSavedCount else { return "its jobs count more than \(Solver.maximumSavedCount)" }
        }
        if sum.distinct != distinct || sum.raw != raw { return "its jobs count \(sum.distinct) distinct and \(sum.raw) raw, not \(distinct) and \(raw)" }
        return nil
    }

    /// More jobs than a shard holds (`SearchPartition.maximumJobsPerShard` is 512).
    static let maximumJobs = 4096

    /// More cells than any figure the readers accept (64 along each axis).
    static let maximumCells = 64 * 64 * 64

    /// The fields of one line as read: each one absent or of the wrong type is nil, so that the
    /// message can name what is missing (JSONDecoder of FoundationEssentials, not full
    /// Foundation's JSONSerialization, which would bring ICU into the binary: issue 17).
    private struct Fields: Decodable {
        var figure, shard, partition, mac: String?
        var cells, distinct, raw: Int?
        var seconds: Double?
        var jobs: [[Int]]?
        /// True when `seconds` is there but not a number a Double holds (`1e999`).
        var secondsDamaged = false

        init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: Key.self)
            func value<T: Decodable>(_ key: Key) -> T? { try? object.decodeIfPresent(T.self, forKey: key) }
            figure = value(.figure)
            shard = value(.shard)
            partition = value(.partition)
            cells = value(.cells)
            distinct = value(.distinct)
            raw = value(.raw)
            seconds = value(.seconds)
            mac = value(.mac)
            jobs = value(.jobs)
            secondsDamaged = seconds == nil && object.contains(.seconds)
        }

        enum Key: String, CodingKey { case figure, shard, partition, cells, distinct, raw, seconds, jobs, mac }
    }

    public struct ReportError: Error {
        public var message: String
        init(_ message: String) { self.message = message }
    }
}

/// JSON text for the few values soma prints.
public enum JSONText {
    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(printf: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
