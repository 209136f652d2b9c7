#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Polycube

/// The solution counts of the player's figures, worked out once and kept, so that `soma figures`
/// shows every figure's number of distinct solutions (a hint of how hard it is) without solving
/// it again: one line per figure in `$XDG_CACHE_HOME/soma/solution-counts`, keyed by a hash of
/// what decides the count (the cells, the pieces, the pre-placed pieces; not the name or the
/// file), so a renamed file keeps its count and an edited one is counted again.
///
/// A line is `KEY COUNT`, or `KEY COUNT+` when the count stopped at a limit. Lines that do not
/// read are skipped; the file is only a cache, and a lost one is rebuilt by counting.
public struct SolutionCountCache: Sendable {
    public let path: String
    private(set) var counts: [String: Count] = [:]

    /// A kept count: `distinct` solutions, or at least that many when not `complete`.
    public struct Count: Hashable, Sendable {
        public var distinct: Int
        public var complete: Bool

        public init(distinct: Int, complete: Bool) {
            self.distinct = distinct
            self.complete = complete
        }
    }

    /// Far more than the counts of every figure a player keeps (one short line each).
    static let maxBytes = 4 << 20

    /// The cache in `directory` (default `XDGPaths.cacheDirectory`), read now.
    public init(directory: String = XDGPaths.current.cacheDirectory) {
        path = directory + "/solution-counts"
        // `BoundedFile`: a cache is rebuilt when unreadable, but a FIFO or a device in its place
        // must not hang or fill the memory.
        guard let bytes = try? BoundedFile.read(path, maxBytes: Self.maxBytes) else { return }
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2 else { continue }
            let complete = !parts[1].hasSuffix("+")
            guard let n = Int(complete ? parts[1] : parts[1].dropLast()), n >= 0 else { continue }
            counts[String(parts[0])] = Count(distinct: n, complete: complete)
        }
    }

    /// The kept count for `figure`, if any.
    public func count(for figure: Figure) -> Count? {
        counts[Self.key(figure)]
    }

    /// Keeps `count` for `figure` (in memory; `write` saves).
    public mutating func set(_ count: Count, for figure: Figure) {
        counts[Self.key(figure)] = count
    }

    /// Writes the cache, atomically; a failure is returned in words (the counts are only lost).
    @discardableResult
    public func write() -> String? {
        let text = counts.sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value.distinct)\($0.value.complete ? "" : "+")\n" }.joined()
        do {
            let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            try FileManager.default.createDirectory(atPath: folder,
                                                    withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return nil
        } catch {
            return "\(path): \(error)"
        }
    }

    /// What decides a figure's count, hashed (64-bit FNV-1a, the same in every run): its cells
    /// with the pre-placed pieces, and every piece's letter, copies and shape.
    static func key(_ figure: Figure) -> String {
        var unnamed = figure
        unnamed.name = ""
        var text = FigureWriter.native(unnamed)
        for piece in figure.pieceSet.pieces {
            text += "\n\(piece.letter) \(piece.copies):" + piece.shape.cells.map { "\($0.x),\($0.y),\($0.z)" }.joined(separator: " ")
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
