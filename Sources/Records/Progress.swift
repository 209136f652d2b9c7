#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Polycube

/// What the player has achieved and where they left off, as a value: which figures are solved,
/// the best time and moves for each, and the position of figures in progress.
///
/// It encodes to JSON text and decodes from it; reading and writing the file is the executable's
/// job, and saving a game into it or resuming one from it is the game's (`Game/Progress+Game`):
/// the record knows no game, so the stores keep and check it without building one. Decoding never traps: a damaged or foreign file gives a `ProgressError` the caller can
/// report (and then start afresh).
public struct Progress: Codable, Hashable, Sendable {
    /// Bumped when the format changes incompatibly.
    public static let currentVersion = 1

    var version: Int
    /// Per figure name and assist (`RecordKey`).
    public var records: [RecordKey: FigureRecord]
    /// Positions of unfinished figures, per figure name.
    public var inProgress: [String: SavedPosition]
    /// The final position of each figure's latest solve, per figure name: sent with the solve's
    /// record so that a server can check it is a solution of that figure (`ProgressCheck.solution`).
    /// Not kept on disk (a store keeps the record, not the picture of how it was made).
    public var solutions: [String: SavedPosition] = [:]

    enum CodingKeys: String, CodingKey { case version, records, inProgress }

    public init() {
        version = Progress.currentVersion
        records = [:]
        inProgress = [:]
    }

    /// Notes a completion under its figure and assist: counts it, keeps the best time and the
    /// fewest moves, and forgets the saved position (there is nothing left to resume). `final`:
    /// the position that completed the figure, kept to be sent with the record (`solutions`).
    public mutating func recordSolve(figure name: String, _ solved: Solved, final: SavedPosition? = nil) {
        let key = RecordKey(name, solved.rankedAssist)
        var record = records[key] ?? FigureRecord(timesSolved: 0, bestSeconds: solved.seconds, fewestMoves: solved.moves)
        record.timesSolved += 1
        record.bestSeconds = min(record.bestSeconds, solved.seconds)
        record.fewestMoves = min(record.fewestMoves, solved.moves)
        records[key] = record
        inProgress[name] = nil
        if let final { solutions[name] = final }
    }

    /// The figure's record over every assist (the solves added up, each best the least), for
    /// the menu's "solved" mark; nil when it has none.
    public func record(of name: String) -> FigureRecord? {
        let own = records.filter { $0.key.figure == name }.map(\.value)
        guard let first = own.first else { return nil }
        return own.dropFirst().reduce(first) { sum, r in
            FigureRecord(timesSolved: sum.timesSolved + r.timesSolved, bestSeconds: min(sum.bestSeconds, r.bestSeconds),
                         fewestMoves: min(sum.fewestMoves, r.fewestMoves))
        }
    }

    public func isSolved(_ name: String) -> Bool { records.contains { $0.key.figure == name && $0.value.timesSolved > 0 } }

    /// The JSON text, keys sorted so that the file diffs cleanly.
    public func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Encoding plain structs of strings and numbers cannot fail.
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }

    /// Reads progress from JSON text.
    public static func decode(_ text: String) -> Result<Progress, ProgressError> {
        // The version first: another version's records may have another shape.
        struct Versioned: Decodable { var version: Int }
        if let versioned = try? JSONDecoder().decode(Versioned.self, from: Data(text.utf8)), versioned.version != currentVersion {
            return .failure(.unsupportedVersion(versioned.version))
        }
        let progress: Progress
        do {
            progress = try JSONDecoder().decode(Progress.self, from: Data(text.utf8))
        } catch {
            return .failure(.unreadable(String(describing: error)))
        }
        guard progress.version == currentVersion else { return .failure(.unsupportedVersion(progress.version)) }
        for (name, saved) in progress.inProgress where saved.poses.contains(where: { $0.placement == nil }) {
            return .failure(.invalidPose(figure: name))
        }
        return .success(progress)
    }
}
