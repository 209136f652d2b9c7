#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Polycube
import Solver

/// What `soma solve --shard K/N --json` prints for one shard, and what `soma merge` reads back:
/// one JSON object on one line.
public struct ShardReport {
    public var figure: String
    public var cells: Int
    public var shard: ShardSpec
    /// `SearchPartition.fingerprintText`: shards merge only with shards of the same partition.
    public var partition: String
    public var distinct: Int
    public var raw: Int
    public var seconds: Double

    var json: String {
        "{\"figure\":\(JSONText.string(figure)),\"cells\":\(cells),\"shard\":\"\(shard.description)\","
            + "\"partition\":\"\(partition)\",\"distinct\":\(distinct),\"raw\":\(raw),"
            + "\"seconds\":\(String(printf: "%.6f", seconds))}"
    }

    /// Reads one line of `soma solve --shard --json` output; the message says what is wrong.
    public static func parse(_ line: Substring) -> Result<ShardReport, ReportError> {
        guard let fields = try? JSONDecoder().decode(Fields.self, from: Data(line.utf8)) else {
            return .failure(ReportError("not a JSON object"))
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
        let report = ShardReport(figure: figure, cells: cells, shard: shard, partition: partition,
                                 distinct: distinct, raw: raw, seconds: fields.seconds ?? 0)
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
        return nil
    }

    /// More cells than any figure the readers accept (64 along each axis).
    static let maximumCells = 64 * 64 * 64

    /// The fields of one line as read: each one absent or of the wrong type is nil, so that the
    /// message can name what is missing (JSONDecoder of FoundationEssentials, not full
    /// Foundation's JSONSerialization, which would bring ICU into the binary: issue 17).
    private struct Fields: Decodable {
        var figure, shard, partition: String?
        var cells, distinct, raw: Int?
        var seconds: Double?
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
            secondsDamaged = seconds == nil && object.contains(.seconds)
        }

        enum Key: String, CodingKey { case figure, shard, partition, cells, distinct, raw, seconds }
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
