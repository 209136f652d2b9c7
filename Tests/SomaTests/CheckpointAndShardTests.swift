import Files
import Foundation
@testable import Game
import Polycube
import Solver
import Testing
@testable import SolveJobs
@testable import soma

/// Checkpoints and shard lines are read back from disk: each carries an HMAC under the search's
/// key, so any edit is refused ("damaged checkpoint"), also with its check worked out again by
/// someone without the key; a shard line with numbers no search prints is refused; and the
/// seeded mutation test runs config.toml, checkpoints and shard lines through their readers,
/// which must answer a value or a clean message, never trap.
@Suite struct CheckpointAndShardTests {
    static let key = Array("the search's key, 32 bytes long!".utf8)
    static let file = CheckpointFile(path: "/tmp/x.checkpoint", figure: "Bedlam\u{1B}", shard: ShardSpec(number: 1, count: 2),
                                     partition: "0123456789abcdef", key: key)
    static let jobs = [JobProgress(job: 0, distinct: 5, raw: 20, resumeAt: nil),
                       JobProgress(job: 3, distinct: 2, raw: 8, resumeAt: [1, 4, 7])]

    @Test func aCheckpointReadsBackAsWritten() throws {
        let text = CheckpointFile.body(figure: Self.file.figure, shard: "1/2", partition: Self.file.partition, jobs: Self.jobs, key: Self.key)
        #expect(text.hasPrefix(#"{"figure":"Bedlam\u001b","shard":"1/2","partition":"0123456789abcdef","jobs":[[0,5,20],[3,2,8,[1,4,7]]],"check":""#))
        #expect(try Self.file.decode(Array(text.utf8)) == Self.jobs)
    }

    /// Edits a hostile user (or a damaged disk) makes: every one is caught by the checksum,
    /// including the three that used to finish with exit 0 and a wrong count.
    @Test(arguments: [
        ("[0,5,20]", "[0,4,16]"),            // a finished job's count lowered (a wrong total, exit 0 before)
        ("[0,5,20]", "[0,9223372036854775807,20]"),
        ("[0,5,20]", "[0,-5,20]"),
        ("[1,4,7]", "[1,4,-7]"),
        ("[1,4,7]", "[]"),                   // a job under way made to look done at its start
        (",[1,4,7]", ""),                    // ... or done
        ("[3,2,8,", "[4,2,8,"),
        ("\"jobs\":[", "\"jobs\":[[1,0,0],"),
    ] as [(String, String)])
    func anyEditIsRefused(original: String, edited: String) throws {
        let text = CheckpointFile.body(figure: Self.file.figure, shard: "1/2", partition: Self.file.partition, jobs: Self.jobs, key: Self.key)
        #expect(text.contains(original))
        let changed = text.replacingOccurrences(of: original, with: edited)
        do {
            _ = try Self.file.decode(Array(changed.utf8))
            Issue.record("accepted \(changed)")
        } catch let error as CheckpointError {
            #expect(error.message.hasPrefix("damaged checkpoint /tmp/x.checkpoint: "), "\(error.message)")
            #expect(UntrustedText.isSafe(error.message))
        }
    }

    @Test func aCheckpointWithoutAChecksumIsRefused() {
        let old = #"{"figure":"x","shard":"1/2","partition":"0123456789abcdef","jobs":[[0,5,20]]}"#
        #expect(throws: CheckpointError.self) { try Self.file.decode(Array(old.utf8)) }
    }

    /// Issue 36: a checkpoint edited with its FNV-1a checksum recomputed resumed to a wrong count.
    /// Every count field edited, its check worked out again as a forger without the key can (the
    /// old checksum, or an HMAC under another key), is refused; under the search's key it reads.
    @Test(arguments: [("[0,5,20]", "[0,6,24]"), ("[0,5,20]", "[0,5,24]"), ("[3,2,8,", "[3,3,12,"), ("[3,2,8,", "[3,2,12,")]
          as [(String, String)])
    func aCountEditedWithItsCheckRecomputedIsRefusedWithoutTheKey(original: String, edited: String) throws {
        let covered = CheckpointFile.fields(figure: Self.file.figure, shard: "1/2", partition: Self.file.partition, jobs: Self.jobs)
            .replacingOccurrences(of: original, with: edited)
        #expect(covered.contains(edited))
        var fnv: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in covered.utf8 { fnv = (fnv ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let forgeries = [String(fnv, radix: 16), HMACSHA256.hex(covered, key: Array("another machine's key, not ours".utf8))]
        for check in forgeries {
            let forged = covered + ",\"check\":\"\(check)\"}\n"
            #expect(throws: CheckpointError.self) { try Self.file.decode(Array(forged.utf8)) }
        }
        // The same edit under the search's key is taken: the key, not the format, is what refuses.
        let signed = covered + ",\"check\":\"\(HMACSHA256.hex(covered, key: Self.key))\"}\n"
        #expect(try Self.file.decode(Array(signed.utf8)).count == 2)
    }

    /// A shard line as `soma solve --shard --json` prints it, authenticated with `key`.
    static func signed(_ object: String, key: [UInt8] = key) -> String {
        String(object.dropLast()) + ",\"mac\":\"" + HMACSHA256.hex(object, key: key) + "\"}"
    }

    /// Issue 36: `sed 's/"distinct":118/"distinct":119/'` on a shard line, then `soma merge`,
    /// printed 241. Each count field edited, the mac recomputed without the key, is refused.
    @Test func aShardLineEditedWithoutTheKeyIsRefused() throws {
        let report = ShardReport(figure: "Soma cube", cells: 27, shard: ShardSpec(number: 1, count: 2), partition: "0123456789abcdef",
                                 distinct: 118, raw: 472, seconds: 0.5,
                                 jobs: [JobProgress(job: 0, distinct: 100, raw: 400, resumeAt: nil),
                                        JobProgress(job: 2, distinct: 18, raw: 72, resumeAt: nil)])
        let line = report.json(key: Self.key)
        guard case .success(let read) = ShardReport.parse(Substring(line), key: Self.key) else { Issue.record("refused \(line)"); return }
        #expect(read.distinct == 118 && read.raw == 472 && read.jobs == report.jobs)
        let object = String(line[..<line.range(of: ",\"mac\":")!.lowerBound]) + "}"
        for (original, edited) in [("\"distinct\":118", "\"distinct\":119"), ("\"raw\":472", "\"raw\":476"),
                                   ("[0,100,400]", "[0,101,404]"), ("[2,18,72]", "[2,19,76]")] {
            let changed = object.replacingOccurrences(of: original, with: edited)
            #expect(changed != object)
            for forged in [changed, Self.signed(changed, key: Array("another machine's key, not ours".utf8))] {
                guard case .failure(let error) = ShardReport.parse(Substring(forged), key: Self.key) else {
                    Issue.record("accepted \(forged)")
                    continue
                }
                #expect(error.message.hasPrefix("shard 1/2 is not authenticated under this search's key"), "\(error.message)")
            }
        }
    }

    @Test(arguments: [
        (#""distinct":9223372036854775807,"raw":9223372036854775807"#, "damaged shard 1/2: 9223372036854775807 distinct"),
        (#""distinct":-4,"raw":20"#, "damaged shard 1/2: -4 distinct and 20 raw solutions"),
        (#""distinct":30,"raw":20"#, "damaged shard 1/2: 30 distinct and 20 raw solutions"),
        (#""distinct":4,"raw":20,"seconds":1e999"#, "damaged shard 1/2: its seconds are not a number"),
        (#""distinct":4,"raw":20,"seconds":-1"#, "damaged shard 1/2: -1.0 seconds"),
        (#""distinct":4,"raw":20,"cells":-3"#, "damaged shard 1/2: -3 cells"),
        // A line whose jobs do not add up to its totals (a forger who changed one of the two).
        (#""distinct":5,"raw":25,"seconds":0.5"#, "damaged shard 1/2: its jobs count 4 distinct and 20 raw, not 5 and 25"),
    ] as [(String, String)])
    func impossibleShardLinesAreRefused(fields: String, message: String) {
        var line = #"{"figure":"6x10","cells":60,"shard":"1/2","partition":"0123456789abcdef","distinct":4,"raw":20,"seconds":0.5,"jobs":[[0,4,20]]}"#
        line = line.replacingOccurrences(of: #""distinct":4,"raw":20,"seconds":0.5"#, with: fields)
        if fields.contains("cells") { line = line.replacingOccurrences(of: #""cells":60,"#, with: "") }
        switch ShardReport.parse(Substring(Self.signed(line)), key: Self.key) {
        case .success: Issue.record("accepted \(line)")
        case .failure(let error): #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test func aFigureNameWithEscapesIsRefusedNotEchoed() {
        let line = Self.signed(#"{"figure":"\u001b[2J\u202e","cells":60,"shard":"1/2","partition":"0123456789abcdef","distinct":4,"raw":20,"jobs":[[0,4,20]]}"#)
        guard case .failure(let error) = ShardReport.parse(Substring(line), key: Self.key) else { Issue.record("accepted"); return }
        #expect(error.message.hasPrefix("damaged shard 1/2: its figure name"), "\(error.message)")
        #expect(UntrustedText.isSafe(error.message))
    }

    // MARK: The seeded mutation test

    static let seeds: [(kind: String, text: String)] = [
        ("toml", "palette = \"colorblind\"\r\ntheme = \"light\"\nplain = false\n\n[keys]\nh = \"k\"\n[pento-keys]\nu = \"z\"\n[design-keys]\ne = \"E\"\n"),
        ("checkpoint", CheckpointFile.body(figure: "Fuzz", shard: "1/2", partition: "0123456789abcdef", jobs: jobs, key: key)),
        ("shards", signed(#"{"figure":"6x10","cells":60,"shard":"1/2","partition":"0123456789abcdef","distinct":1171,"raw":4684,"seconds":0.5,"jobs":[[0,1171,4684]]}"#)
            + "\n" + signed(#"{"figure":"6x10","cells":60,"shard":"2/2","partition":"0123456789abcdef","distinct":1168,"raw":4672,"seconds":0.4,"jobs":[[1,1168,4672]]}"#)),
    ]

    static let insertions: [[UInt8]] = [
        Array("9223372036854775807".utf8), Array("-9223372036854775808".utf8), Array("-1".utf8), Array("1e999".utf8),
        Array("NaN".utf8), Array("[".utf8), Array("]".utf8), Array("{".utf8), Array("\"".utf8), Array(",".utf8),
        Array("\\u001b".utf8), [0x1B], [0x00], [0xFF], Array("\u{202E}".utf8), Array("\r\n".utf8), Array("\u{FEFF}".utf8),
        Array("=".utf8), Array("[keys]\n".utf8), Array("'".utf8), Array("\"\"\"".utf8), Array("0,0,0".utf8),
    ]

    static func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<5, using: &random) {
            case 0 where !bytes.isEmpty: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.insert(contentsOf: insertions.randomElement(using: &random)!, at: at)
            case 2 where !bytes.isEmpty: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
            case 3:
                let end = bytes[at...].firstIndex(of: 0x0A) ?? bytes.count
                bytes.insert(contentsOf: Array(repeating: Array(bytes[at..<end]), count: Int.random(in: 2...50, using: &random)).joined(), at: at)
            default: bytes = Array(bytes.prefix(at))
            }
        }
        return bytes
    }

    @Test("3,000 mutations of config.toml, checkpoints and shard lines end in a value or a clean message")
    func mutations() {
        var random = SeededGenerator(seed: 0x23_23)
        let reader = CheckpointFile(path: "fuzz.checkpoint", figure: "Fuzz", shard: ShardSpec(number: 1, count: 2),
                                    partition: "0123456789abcdef", key: Self.key)
        var accepted = 0
        for n in 0..<3_000 {
            let seed = Self.seeds[n % Self.seeds.count]
            let bytes = Self.mutate(Array(seed.text.utf8), &random)
            let message: String?
            switch seed.kind {
            case "toml":
                do { _ = try Settings.parse(String(decoding: bytes, as: UTF8.self), path: "c.toml"); message = nil } catch { message = error.description }
            case "checkpoint":
                do {
                    let jobs = try reader.decode(bytes)
                    #expect(jobs == Self.jobs, "a changed checkpoint was accepted: \(String(decoding: bytes, as: UTF8.self))")
                    message = nil
                } catch let error as CheckpointError { message = error.message } catch { message = "\(error)"; Issue.record("\(error)") }
            default:
                var said: String?
                for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
                    if case .failure(let error) = ShardReport.parse(line, key: Self.key) { said = error.message }
                }
                message = said
            }
            if let message {
                #expect(UntrustedText.isSafe(message), "\(seed.kind): \(message.debugDescription)")
            } else {
                accepted += 1
            }
        }
        #expect(accepted > 0 && accepted < 3_000)
    }
}

/// `soma scores` shows stored figure names through `UntrustedText`: a NUL or a right-to-left
/// override cannot make one row pose as another.
@Suite struct ScoresLabelTests {
    @Test func storedNamesCannotPoseAsOthers() {
        #expect(ScoresCommand.label("Cube") == "cube", "a catalog figure by its command-line name")
        #expect(ScoresCommand.label("Cube\u{0}") == "Cube\\u{0}")
        #expect(ScoresCommand.label("\u{202E}ebuC") == "\\u{202e}ebuC")
        #expect(ScoresCommand.label("\u{1B}[2JTower") == "\\u{1b}[2JTower")
        #expect(ScoresCommand.label("My tower") == "My tower")
    }
}

/// `soma merge --verify K` (issue 36): a machine holding the key can still lie or fail, so K jobs
/// are counted again; a shard whose job counts were replaced by another job's is caught.
@Suite struct ShardVerificationTests {
    static func shards() throws -> (Solver, [ShardReport]) {
        let solver = try Solver(Catalog.figure(named: "cube"))
        let partition = solver.partition(into: 2)
        let reports = try (0..<2).map { index in
            let counted = try solver.count(shard: index, of: partition)
            return ShardReport(figure: solver.figure.name, cells: 27, shard: ShardSpec(number: index + 1, count: 2),
                               partition: partition.fingerprintText, distinct: counted.count.distinct, raw: counted.count.raw,
                               seconds: 0, jobs: counted.jobs)
        }
        return (solver, reports)
    }

    @Test func honestShardsPass() throws {
        let (solver, reports) = try Self.shards()
        #expect(reports.reduce(0) { $0 + $1.distinct } == 240)
        var random = SeededGenerator(seed: 36)
        #expect(ShardVerification.verify(reports, solver: solver, jobs: 3, threads: 1, random: &random) == nil)
    }

    @Test func countsReplacedByAnotherJobsAreCaught() throws {
        let (solver, honest) = try Self.shards()
        var reports = honest
        // Shard 1's jobs take the counts of shard 2's jobs (each a different count from its own),
        // its totals made to match: a line its machine could sign.
        let donors = honest[1].jobs
        reports[0].jobs = try honest[0].jobs.map { job in
            let donor = try #require(donors.first { $0.distinct != job.distinct })
            return JobProgress(job: job.job, distinct: donor.distinct, raw: donor.raw, resumeAt: nil)
        }
        reports[0].distinct = reports[0].jobs.reduce(0) { $0 + $1.distinct }
        reports[0].raw = reports[0].jobs.reduce(0) { $0 + $1.raw }
        #expect(reports[0].damage == nil)
        for seed in 0..<20 as Range<UInt64> {
            var random = SeededGenerator(seed: seed)
            let why = ShardVerification.verify(reports, solver: solver, jobs: 3, threads: 1, random: &random)
            #expect(why?.contains("of shard 1/2 counts ") == true, "seed \(seed): \(why ?? "passed")")
        }
        // A line listing another shard's jobs is refused before any count.
        var swapped = honest
        swapped[0].jobs = honest[1].jobs
        var random = SeededGenerator(seed: 1)
        #expect(ShardVerification.verify(swapped, solver: solver, jobs: 1, threads: 1, random: &random)
                == "shard 1/2 lists jobs that are not its own")
    }
}
