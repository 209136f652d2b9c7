import Foundation

/// What `soma solve --shard K/N --json` prints for one shard, and what `soma merge` reads back:
/// one JSON object on one line.
struct ShardReport {
    var figure: String
    var cells: Int
    var shard: ShardSpec
    /// `SearchPartition.fingerprintText`: shards merge only with shards of the same partition.
    var partition: String
    var distinct: Int
    var raw: Int
    var seconds: Double

    var json: String {
        "{\"figure\":\(JSONText.string(figure)),\"cells\":\(cells),\"shard\":\"\(shard.description)\","
            + "\"partition\":\"\(partition)\",\"distinct\":\(distinct),\"raw\":\(raw),"
            + "\"seconds\":\(String(format: "%.6f", seconds))}"
    }

    /// Reads one line of `soma solve --shard --json` output; the message says what is wrong.
    static func parse(_ line: Substring) -> Result<ShardReport, ReportError> {
        guard let data = line.data(using: .utf8),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return .failure(ReportError("not a JSON object"))
        }
        guard let shardText = object["shard"] as? String else {
            return .failure(ReportError("no \"shard\": not the output of soma solve --shard K/N --json"))
        }
        guard let shard = ShardSpec(shardText) else { return .failure(ReportError("bad shard '\(shardText)'")) }
        guard let figure = object["figure"] as? String, let partition = object["partition"] as? String,
              let cells = (object["cells"] as? NSNumber)?.intValue,
              let distinct = (object["distinct"] as? NSNumber)?.intValue,
              let raw = (object["raw"] as? NSNumber)?.intValue else {
            return .failure(ReportError("shard \(shard.description) lacks figure, cells, partition, distinct or raw"))
        }
        let seconds = (object["seconds"] as? NSNumber)?.doubleValue ?? 0
        return .success(ShardReport(figure: figure, cells: cells, shard: shard, partition: partition,
                                    distinct: distinct, raw: raw, seconds: seconds))
    }

    struct ReportError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }
}

/// JSON text for the few values soma prints.
enum JSONText {
    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
