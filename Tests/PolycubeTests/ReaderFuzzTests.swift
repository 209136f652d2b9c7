import Foundation
import Testing
@testable import Polycube

/// Seeded mutation fuzzing of every reader, bounded so that `make test` runs it each time.
///
/// Each case takes a real file (the catalog's figures, the Bedlam piece set, yass and standard
/// samples), mutates it a few times (bytes flipped, inserted or deleted, lines doubled or cut,
/// numbers made huge, control and multi-byte characters put in) and reads it. The reader must
/// return a figure or throw a `FigureFileError` whose message holds no control character: a
/// trap fails the whole run, which is the point. The seed is fixed, so a failure reproduces;
/// `make fuzz` runs the libFuzzer target (`Sources/FuzzReaders`) for as long as asked.
@Suite struct ReaderFuzzTests {
    static let resources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources")

    /// The seeds: every catalog file, the Bedlam pieces and samples of the community formats.
    static let seeds: [(path: String, text: String)] = {
        var seeds: [(String, String)] = []
        for folder in ["Figures", "Pieces"] {
            let url = resources.appendingPathComponent(folder)
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() {
                if let text = try? String(contentsOfFile: url.appendingPathComponent(name).path, encoding: .utf8) {
                    seeds.append((name, text))
                }
            }
        }
        seeds.append(("bathtub.soma", "# bathtub\n*****\n*...*\n*****\n\nooooo\nooooo\nooooo\n"))
        seeds.append(("steps.soma", "ttt lll\n\nppp nnn 333\n"))
        seeds.append(("standard.txt", "/SOMA figure\n/111/234/\n/556/777/\n; comment\n/223/445/\n"))
        return seeds
    }()

    /// SplitMix64: small, fast, and the same sequence on every machine.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let insertions: [[UInt8]] = [
        Array("#".utf8), Array(".".utf8), Array(":".utf8), Array(";".utf8), Array("\n".utf8), Array("\r\n".utf8),
        Array("\t".utf8), [0x1B], [0x00], [0xFF], [0xC3], Array("é".utf8), Array("\u{FEFF}".utf8),
        Array("9223372036854775807".utf8), Array("-5".utf8), Array("1e300".utf8), Array("pieces: x.pieces\n".utf8),
        Array("copies: 99999\n".utf8), Array("piece: a\n".utf8), Array("name: \n".utf8), Array("/".utf8),
        Array("*".utf8), Array("1234567".utf8), Array("VLTZABP".utf8),
    ]

    static func mutate(_ bytes: [UInt8], _ random: inout Generator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0 where !bytes.isEmpty: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.insert(contentsOf: insertions.randomElement(using: &random)!, at: at)
            case 2 where !bytes.isEmpty: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
            case 3:   // a line doubled or made long
                let end = bytes[at...].firstIndex(of: 0x0A) ?? bytes.count
                let line = Array(bytes[at..<end])
                let times = Int.random(in: 2...200, using: &random)
                bytes.insert(contentsOf: Array(repeating: line, count: times).joined(), at: at)
            case 4: bytes = Array(bytes.prefix(at))   // cut short
            default: bytes.insert(contentsOf: Array(repeating: UInt8(ascii: "#"), count: Int.random(in: 1...300, using: &random)), at: at)
            }
        }
        // Kept to 16 KiB so that 1,000 cases run in seconds in a debug build; the size limit
        // itself has a test of its own.
        return Array(bytes.prefix(16 * 1024))
    }

    /// Reads mutated `bytes` as a figure (and, for piece sets, as a piece set); records any
    /// outcome that is neither a figure nor a clean message.
    static func check(_ bytes: [UInt8], path: String, pieceText: String) {
        func isClean(_ message: String) -> Bool {
            !message.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t") || (0x7F..<0xA0).contains($0.value) }
        }
        do {
            let text = try SourceText.decode(bytes, path: path)
            if path.hasSuffix(".pieces") {
                _ = try PieceSetReader.read(text: text, path: path)
            } else {
                _ = try FigureReader.read(text: text, path: path, readFile: { _ in pieceText })
            }
        } catch let error as FigureFileError {
            #expect(isClean(error.description), "\(path): \(error.description.debugDescription)")
            #expect(!error.message.isEmpty)
        } catch {
            Issue.record("\(path): an error that is not a FigureFileError: \(error) for \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        }
    }

    @Test("1,000 mutations of every reader's seeds end in a figure or a clean message")
    func mutations() {
        #expect(Self.seeds.count > 30)
        var random = Generator(state: 0x50_4D41)
        let pieceText = Self.seeds.first { $0.path == "bedlam.pieces" }?.text ?? ""
        for n in 0..<1_000 {
            let seed = Self.seeds[n % Self.seeds.count]
            let mutated = Self.mutate(Array(seed.text.utf8), &random)
            var pieceRandom = Generator(state: UInt64(n))
            let pieces = String(decoding: Self.mutate(Array(pieceText.utf8), &pieceRandom), as: UTF8.self)
            Self.check(mutated, path: seed.path, pieceText: n % 3 == 0 ? pieces : pieceText)
        }
    }
}
