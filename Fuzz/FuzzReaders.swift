// libFuzzer's entry point for every figure and piece-set reader. `make fuzz` builds the
// Polycube target with `-sanitize=fuzzer,address`, compiles this file against it with
// `-parse-as-library` (libFuzzer supplies `main`) and runs it on the catalog's files as the seed
// corpus. It is not a SwiftPM target: SwiftPM links every executable with a `main` of its own.
//
// The first byte picks the reader, the rest is the file. Any outcome but a figure, a piece set
// or a thrown error (a trap, a sanitizer report, a hang past -timeout) is a finding.
import Polycube

/// What a `pieces:` line gets: a small valid set, so that figures naming one are read through.
private let pieceSetText = "piece: a\n##\n\npiece: b\n###\ncopies: 2\n"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReaders(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = data[0]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    guard let text = try? SourceText.decode(bytes, path: "fuzz") else { return 0 }
    switch selector % 4 {
    case 0: _ = try? FigureReader.read(text: text, path: "fuzz.figure", format: .native, readFile: { _ in pieceSetText })
    case 1: _ = try? FigureReader.read(text: text, path: "fuzz.soma", format: .yass)
    case 2: _ = try? FigureReader.read(text: text, path: "fuzz.txt", format: .standard)
    default: _ = try? PieceSetReader.read(text: text, path: "fuzz.pieces")
    }
    return 0
}
