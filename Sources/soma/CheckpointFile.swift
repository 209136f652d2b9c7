import Foundation
import Solver

/// The checkpoint of one shard's search (`soma solve --checkpoint FILE`): which partition and
/// shard it belongs to, and every job's progress (`JobProgress`), as one JSON object:
/// `{"figure":…,"shard":"K/N","partition":…,"jobs":[[job,distinct,raw],[job,distinct,raw,[path…]],…]}`,
/// a job with a path being under way.
///
/// Written to a temporary file next to it and renamed over it, so that a kill at any moment
/// leaves either the old checkpoint or the new one, never half of one.
struct CheckpointFile {
    var path: String
    var figure: String
    var shard: ShardSpec
    var partition: String

    func write(_ jobs: [JobProgress]) throws {
        let list = jobs.map { job in
            var fields = "\(job.job),\(job.distinct),\(job.raw)"
            if let path = job.resumeAt { fields += ",[" + path.map(String.init).joined(separator: ",") + "]" }
            return "[" + fields + "]"
        }.joined(separator: ",")
        let text = "{\"figure\":\(JSONText.string(figure)),\"shard\":\"\(shard.description)\","
            + "\"partition\":\"\(partition)\",\"jobs\":[\(list)]}\n"
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
            throw CheckpointError("cannot write \(temporary)")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CheckpointError("cannot rename \(temporary) to \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The saved progress, [] when there is no file yet.
    func read() throws -> [JobProgress] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        guard let data = FileManager.default.contents(atPath: path),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let jobs = object["jobs"] as? [[Any]] else {
            throw CheckpointError("\(path) is not a soma checkpoint")
        }
        let savedShard = object["shard"] as? String ?? "?"
        let savedPartition = object["partition"] as? String ?? "?"
        guard savedShard == shard.description, savedPartition == partition else {
            throw CheckpointError("\(path) holds shard \(savedShard) of partition \(savedPartition), "
                + "not shard \(shard.description) of partition \(partition) (\(figure))")
        }
        return try jobs.map { fields in
            let numbers = fields.prefix(3).compactMap { ($0 as? NSNumber)?.intValue }
            guard numbers.count == 3 else { throw CheckpointError("\(path): a job entry is damaged") }
            var resumeAt: [Int]?
            if fields.count > 3 {
                guard let list = fields[3] as? [NSNumber] else { throw CheckpointError("\(path): a job path is damaged") }
                resumeAt = list.map(\.intValue)
            }
            return JobProgress(job: numbers[0], distinct: numbers[1], raw: numbers[2], resumeAt: resumeAt)
        }
    }
}

struct CheckpointError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
