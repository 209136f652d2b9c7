// libFuzzer's entry point for every reader of what soma reads from outside: figures and piece
// sets (Polycube), the settings file (Game's `Settings.parse`), checkpoints and shard lines
// (SolveJobs' `CheckpointFile.decode` and `ShardReport.parse`, with `BoundedFile` for files
// named by a `pieces:` line). `make fuzz` builds the library targets with
// `-sanitize=fuzzer,address`, compiles this file against them with `-parse-as-library`
// (libFuzzer supplies `main`) and runs it on the catalog's files and `Fuzz/Seeds` as the seed
// corpus. It is not a SwiftPM target: SwiftPM links every
// executable with a `main` of its own.
//
// The first byte picks the reader, the rest is the input. Any outcome but a value or a thrown
// error (a trap, a sanitizer report, a hang past -timeout) is a finding.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Game
import Polycube
// Testable: the debug build the fuzzer uses has it, and the checkpoint reader is internal.
@testable import SolveJobs
import Solver

/// What a `pieces:` line gets: a small valid set, so that figures naming one are read through.
private let pieceSetText = "piece: a\n##\n\npiece: b\n###\ncopies: 2\n"

/// The search key the seeds are authenticated with (`Fuzz/Seeds`), so mutations reach past the check.
private let key = Array("the fuzzer's search key, 32 byte".utf8)

/// The checkpoint reader as `soma solve --checkpoint` makes it for shard 1/2 of a partition.
private let checkpoint = CheckpointFile(path: "fuzz.checkpoint", figure: "Fuzz", shard: ShardSpec(number: 1, count: 2),
                                        partition: "0123456789abcdef", key: key)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch selector % 7 {
    case 4:
        _ = try? Settings.parse(String(decoding: bytes, as: UTF8.self), path: "fuzz.toml")
        return 0
    case 5:
        _ = try? checkpoint.decode(bytes)
        return 0
    case 6:
        for line in String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline) {
            if case let .success(report) = ShardReport.parse(line, key: key) { _ = report.json(key: key) }
        }
        return 0
    default:
        break
    }
    guard let text = try? SourceText.decode(bytes, path: "fuzz") else { return 0 }
    switch selector % 7 {
    case 0: _ = try? FigureReader.read(text: text, path: "fuzz.figure", format: .native, readFile: { _ in pieceSetText })
    case 1: _ = try? FigureReader.read(text: text, path: "fuzz.soma", format: .yass)
    case 2: _ = try? FigureReader.read(text: text, path: "fuzz.txt", format: .standard)
    default: _ = try? PieceSetReader.read(text: text, path: "fuzz.pieces")
    }
    return 0
}
