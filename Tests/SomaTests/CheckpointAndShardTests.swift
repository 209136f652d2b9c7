import Foundation
@testable import Game
import Polycube
import Solver
import Testing
@testable import SolveJobs
@testable import soma

/// Checkpoints and shard lines are read back from disk: a checkpoint carries a checksum over its
/// content, so any edit is refused ("damaged checkpoint"); a shard line with numbers no search
/// prints is refused; and the seeded mutation test runs config.toml, checkpoints and shard
/// lines through their readers, which must answer a value or a clean message, never trap.
@Suite struct CheckpointAndShardTests {
    static let file = CheckpointFile(path: "/tmp/x.checkpoint", figure: "Bedlam\u{1B}", shard: ShardSpec(number: 1, count: 2),
                                     partition: "0123456789abcdef")
    static let jobs = [JobProgress(job: 0, distinct: 5, raw: 20, resumeAt: nil),
                       JobProgress(job: 3, distinct: 2, raw: 8, resumeAt: [1, 4, 7])]

    @Test func aCheckpointReadsBackAsWritten() throws {
        let text = CheckpointFile.body(figure: Self.file.figure, shard: "1/2", partition: Self.file.partition, jobs: Self.jobs)
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
        let text = CheckpointFile.body(figure: Self.file.figure, shard: "1/2", partition: Self.file.partition, jobs: Self.jobs)
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

    @Test(arguments: [
        (#""distinct":9223372036854775807,"raw":9223372036854775807"#, "damaged shard 1/2: 9223372036854775807 distinct"),
        (#""distinct":-4,"raw":20"#, "damaged shard 1/2: -4 distinct and 20 raw solutions"),
        (#""distinct":30,"raw":20"#, "damaged shard 1/2: 30 distinct and 20 raw solutions"),
        (#""distinct":4,"raw":20,"seconds":1e999"#, "damaged shard 1/2: its seconds are not a number"),
        (#""distinct":4,"raw":20,"seconds":-1"#, "damaged shard 1/2: -1.0 seconds"),
        (#""distinct":4,"raw":20,"cells":-3"#, "damaged shard 1/2: -3 cells"),
    ] as [(String, String)])
    func impossibleShardLinesAreRefused(fields: String, message: String) {
        var line = #"{"figure":"6x10","cells":60,"shard":"1/2","partition":"0123456789abcdef","distinct":4,"raw":20,"seconds":0.5}"#
        line = line.replacingOccurrences(of: #""distinct":4,"raw":20,"seconds":0.5"#, with: fields)
        if fields.contains("cells") { line = line.replacingOccurrences(of: #""cells":60,"#, with: "") }
        switch ShardReport.parse(Substring(line)) {
        case .success: Issue.record("accepted \(line)")
        case .failure(let error): #expect(error.message.hasPrefix(message), "\(error.message)")
        }
    }

    @Test func aFigureNameWithEscapesIsRefusedNotEchoed() {
        let line = #"{"figure":"\u001b[2J\u202e","cells":60,"shard":"1/2","partition":"0123456789abcdef","distinct":4,"raw":20}"#
        guard case .failure(let error) = ShardReport.parse(Substring(line)) else { Issue.record("accepted"); return }
        #expect(UntrustedText.isSafe(error.message))
    }

    // MARK: The seeded mutation test

    static let seeds: [(kind: String, text: String)] = [
        ("toml", "palette = \"colorblind\"\r\ntheme = \"light\"\nplain = false\n\n[keys]\nh = \"k\"\n[pento-keys]\nu = \"z\"\n[design-keys]\ne = \"E\"\n"),
        ("checkpoint", CheckpointFile.body(figure: "Fuzz", shard: "1/2", partition: "0123456789abcdef", jobs: jobs)),
        ("shards", #"{"figure":"6x10","cells":60,"shard":"1/2","partition":"0123456789abcdef","distinct":1171,"raw":4684,"seconds":0.5}"#
            + "\n" + #"{"figure":"6x10","cells":60,"shard":"2/2","partition":"0123456789abcdef","distinct":1168,"raw":4672,"seconds":0.4}"#),
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
                                    partition: "0123456789abcdef")
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
                    if case .failure(let error) = ShardReport.parse(line) { said = error.message }
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
