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
import Files
import Polycube
import Solver

/// The checkpoint of one shard's search (`soma solve --checkpoint FILE`): which partition and
/// shard it belongs to, every job's progress (`JobProgress`), and a checksum, as one JSON object:
/// `{"figure":…,"shard":"K/N","partition":…,"jobs":[[job,distinct,raw],[job,distinct,raw,[path…]],…],"check":…}`,
/// a job with a path being under way.
///
/// Written to a temporary file next to it and renamed over it, so that a kill at any moment
/// leaves either the old checkpoint or the new one, never half of one.
///
/// Read back, it is foreign: `check` is an HMAC-SHA256 under the search's key (`SearchKey`) of
/// the rest as this build writes it, so a damaged or edited file is refused ("damaged
/// checkpoint"), exit 2, rather than resumed into a wrong count, also when its check was
/// worked out again by someone without the key (an FNV-1a checksum until issue 36 could be,
/// and was). `Solver.damage(in:shard:of:)` still refuses numbers no search could have made.
struct CheckpointFile {
    var path: String
    var figure: String
    var shard: ShardSpec
    var partition: String
    /// The search's key (`SearchKey`): the check is made and verified with it.
    var key: [UInt8]

    /// Larger than any checkpoint (at most 512 jobs a shard, each a few dozen numbers).
    static let maxBytes = 4 << 20

    func write(_ jobs: [JobProgress]) throws {
        let text = Self.body(figure: figure, shard: shard.description, partition: partition, jobs: jobs, key: key)
        let temporary = path + ".tmp-\(getpid())"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
            throw CheckpointError("cannot write \(temporary)")
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw CheckpointError("cannot rename \(temporary) to \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The file's text: the fields, then their HMAC under `key`.
    static func body(figure: String, shard: String, partition: String, jobs: [JobProgress], key: [UInt8]) -> String {
        let text = fields(figure: figure, shard: shard, partition: partition, jobs: jobs)
        return text + ",\"check\":\"\(HMACSHA256.hex(text, key: key))\"}\n"
    }

    /// What the check covers: every field, as this build writes them.
    static func fields(figure: String, shard: String, partition: String, jobs: [JobProgress]) -> String {
        let list = jobs.map { job in
            var fields = "\(job.job),\(job.distinct),\(job.raw)"
            if let path = job.resumeAt { fields += ",[" + path.map(String.init).joined(separator: ",") + "]" }
            return "[" + fields + "]"
        }.joined(separator: ",")
        return "{\"figure\":\(JSONText.string(figure)),\"shard\":\(JSONText.string(shard)),"
            + "\"partition\":\(JSONText.string(partition)),\"jobs\":[\(list)]"
    }

    /// The saved progress, [] when there is no file yet. Throws for a file that is not this
    /// shard's checkpoint or that this build did not write as it stands.
    func read() throws -> [JobProgress] {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, maxBytes: Self.maxBytes)
        } catch {
            if error.isMissing { return [] }
            throw CheckpointError("\(shown): \(error)")
        }
        return try decode(bytes)
    }

    /// The progress in a checkpoint's bytes (what `read` does once the file is read; apart,
    /// so that the mutation tests and the fuzzer reach it without a file).
    func decode(_ bytes: [UInt8]) throws -> [JobProgress] {
        guard let saved = try? JSONDecoder().decode(Saved.self, from: Data(bytes)), let jobs = saved.jobs else {
            throw CheckpointError("damaged checkpoint \(shown): not a soma checkpoint (JSON with shard, partition and jobs)")
        }
        let savedShard = saved.shard ?? "?"
        let savedPartition = saved.partition ?? "?"
        guard savedShard == shard.description, savedPartition == partition else {
            throw CheckpointError("\(shown) holds shard \(UntrustedText.shown(savedShard, limit: 24)) of partition "
                + "\(UntrustedText.shown(savedPartition, limit: 24)), not shard \(shard.description) of partition "
                + "\(partition) (\(UntrustedText.shown(figure)))")
        }
        let progress = try jobs.map { job in
            guard let numbers = job.numbers else { throw CheckpointError("damaged checkpoint \(shown): a job entry is damaged") }
            guard !job.damagedPath else { throw CheckpointError("damaged checkpoint \(shown): a job path is damaged") }
            return JobProgress(job: numbers[0], distinct: numbers[1], raw: numbers[2], resumeAt: job.resumeAt)
        }
        let covered = Self.fields(figure: saved.figure ?? "", shard: savedShard, partition: savedPartition, jobs: progress)
        guard let check = saved.check, HMACSHA256.same(HMACSHA256.hex(covered, key: key), check) else {
            throw CheckpointError("damaged checkpoint \(shown): its check does not match its content under this search's key "
                + "(edited, damaged, written by another version of soma, or under another key: SOMA_SEARCH_KEY_FILE); "
                + "delete it to search again from the start")
        }
        return progress
    }

    /// The path as messages show it.
    var shown: String { UntrustedText.shown(path) }

    /// The file as read, each part nil when absent or of the wrong type, so that the messages
    /// say which part is wrong (FoundationEssentials' JSONDecoder: full Foundation's
    /// JSONSerialization would bring ICU into the binary, issue 17).
    private struct Saved: Decodable {
        var figure, shard, partition, check: String?
        var jobs: [Job]?

        init(from decoder: any Decoder) throws {
            let object = try decoder.container(keyedBy: Key.self)
            figure = try? object.decodeIfPresent(String.self, forKey: .figure)
            check = try? object.decodeIfPresent(String.self, forKey: .check)
            shard = try? object.decodeIfPresent(String.self, forKey: .shard)
            partition = try? object.decodeIfPresent(String.self, forKey: .partition)
            jobs = try? object.decodeIfPresent([Job].self, forKey: .jobs)
        }

        enum Key: String, CodingKey { case figure, shard, partition, jobs, check }
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
