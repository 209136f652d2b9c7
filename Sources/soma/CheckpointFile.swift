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
              let saved = try? JSONDecoder().decode(Saved.self, from: data), let jobs = saved.jobs else {
            throw CheckpointError("\(path) is not a soma checkpoint")
        }
        let savedShard = saved.shard ?? "?"
        let savedPartition = saved.partition ?? "?"
        guard savedShard == shard.description, savedPartition == partition else {
            throw CheckpointError("\(path) holds shard \(savedShard) of partition \(savedPartition), "
                + "not shard \(shard.description) of partition \(partition) (\(figure))")
        }
        return try jobs.map { job in
            guard let numbers = job.numbers else { throw CheckpointError("\(path): a job entry is damaged") }
            guard !job.damagedPath else { throw CheckpointError("\(path): a job path is damaged") }
            return JobProgress(job: numbers[0], distinct: numbers[1], raw: numbers[2], resumeAt: job.resumeAt)
        }
    }

    /// The file as read, each part nil when absent or of the wrong type, so that the messages
    /// say which part is wrong (FoundationEssentials' JSONDecoder: full Foundation's
    /// JSONSerialization would bring ICU into the binary, issue 17).
    private struct Saved: Decodable {
        var shard, partition: String?
        var jobs: [Job]?

        init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: Key.self)
            shard = try? object.decodeIfPresent(String.self, forKey: .shard)
            partition = try? object.decodeIfPresent(String.self, forKey: .partition)
            jobs = try? object.decodeIfPresent([Job].self, forKey: .jobs)
        }

        enum Key: String, CodingKey { case shard, partition, jobs }
    }

    /// `[job,distinct,raw]` or `[job,distinct,raw,[path…]]`.
    private struct Job: Decodable {
        /// job, distinct, raw; nil when one of them is not a whole number.
        var numbers: [Int]?
        var resumeAt: [Int]?
        var damagedPath = false

        init(from decoder: any Decoder) throws {
            var fields = try decoder.unkeyedContainer()
            var numbers: [Int] = []
            while numbers.count < 3, !fields.isAtEnd, let number = try? fields.decode(Int.self) { numbers.append(number) }
            self.numbers = numbers.count == 3 ? numbers : nil
            guard numbers.count == 3, !fields.isAtEnd else { return }
            if let path = try? fields.decode([Int].self) { resumeAt = path } else { damagedPath = true }
        }
    }
}

struct CheckpointError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
