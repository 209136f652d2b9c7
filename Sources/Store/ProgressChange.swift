import Polycube
import Records

/// What a save sends: the difference between what a game last read or wrote and its progress
/// now. Both back ends apply it with the same merging rules: solves add up, best time and fewest
/// moves keep the minimum, a position is the last writer's for its figure only (nil removes it).
/// So two games of one player, on one machine or on two servers, never undo each other's solves.
public struct ProgressChange: Codable, Hashable, Sendable {
    /// One figure's record change: `solves` more solves (0 when only a best improved).
    public struct Record: Codable, Hashable, Sendable {
        public var figure: String
        public var solves: Int
        public var bestSeconds: Double
        public var fewestMoves: Int
        /// How the game helped (`off`, `fits`, `solvable`): part of the record's key (`RecordKey`).
        public var assist: String

        public init(figure: String, solves: Int, bestSeconds: Double, fewestMoves: Int, assist: String) {
            self.figure = figure
            self.solves = solves
            self.bestSeconds = bestSeconds
            self.fewestMoves = fewestMoves
            self.assist = assist
        }
    }

    /// One figure's position: the new one, or nil when it was finished or given up.
    public struct Position: Codable, Hashable, Sendable {
        public var figure: String
        public var position: SavedPosition?

        public init(figure: String, position: SavedPosition?) {
            self.figure = figure
            self.position = position
        }
    }

    public var records: [Record]
    public var positions: [Position]

    public init(records: [Record] = [], positions: [Position] = []) {
        self.records = records
        self.positions = positions
    }

    public var isEmpty: Bool { records.isEmpty && positions.isEmpty }

    /// The assist values a record may be kept under.
    public static let assists: Set<String> = ["off", "fits", "solvable"]

    /// What changed from `before` to `after`, in key order. A record is sent when it has new
    /// solves, is new, or improved a best; one whose values fail `ProgressCheck` is left out.
    public static func between(_ before: Records.Progress, _ after: Records.Progress) -> ProgressChange {
        var change = ProgressChange()
        for (key, record) in after.records.sorted(by: { $0.key < $1.key }) {
            let old = before.records[key]
            let solves = record.timesSolved - (old?.timesSolved ?? 0)
            guard solves > 0 || old == nil || record.bestSeconds < old!.bestSeconds
                    || record.fewestMoves < old!.fewestMoves else { continue }
            guard ProgressCheck.record(FigureRecord(timesSolved: max(1, solves), bestSeconds: record.bestSeconds,
                                                    fewestMoves: record.fewestMoves)) == nil else { continue }
            change.records.append(Record(figure: key.figure, solves: max(0, solves), bestSeconds: record.bestSeconds,
                                         fewestMoves: record.fewestMoves, assist: key.assist.rawValue))
        }
        let names = Set(after.inProgress.keys).union(before.inProgress.keys).sorted()
        for name in names where after.inProgress[name] != before.inProgress[name] {
            change.positions.append(Position(figure: name, position: after.inProgress[name]))
        }
        return change
    }

    /// Why this change may not be written, or nil: what arrives from a game is checked like
    /// what is read from disk (names bounded, numbers in range, positions sane, a bounded count).
    public var problem: String? {
        guard records.count + positions.count <= Self.maxEntries else { return "too many entries in one save" }
        for record in records {
            if let why = Self.nameProblem(record.figure) { return why }
            guard Self.assists.contains(record.assist) else { return "assist is not off, fits or solvable" }
            guard (0...ProgressCheck.maxTimesSolved).contains(record.solves) else { return "solves out of range" }
            // What play can produce (issue 36: a modified game sent 100,000,000 solves, and the
            // cube solved in 0 moves and 0.0 s): a game saves after each solve and every piece
            // placed is a move. No time floor: keys that arrive in one read are handled at one
            // instant, so a scripted solve can take 0.0 s.
            guard record.solves <= Self.maxSolvesPerSave else { return "\(record.solves) solves in one save" }
            let pieces = Self.piecesToPlace(record.figure)
            guard record.fewestMoves >= pieces else { return "a solve in \(record.fewestMoves) moves places fewer than its \(pieces) pieces" }
            if let why = ProgressCheck.record(FigureRecord(timesSolved: max(1, record.solves), bestSeconds: record.bestSeconds,
                                                           fewestMoves: record.fewestMoves)) { return why }
        }
        for entry in positions {
            if let why = Self.nameProblem(entry.figure) { return why }
            if let position = entry.position, let why = ProgressCheck.position(position) { return why }
        }
        return nil
    }

    /// The most solves of one figure a save may add: a game saves as each solve is recorded.
    public static let maxSolvesPerSave = 100

    /// The pieces a player places to solve `figure`: a catalog figure's set less its pre-placed
    /// pieces; 1 for a figure the server does not know (a generated one, a file).
    static func piecesToPlace(_ figure: String) -> Int {
        guard Catalog.names.contains(figure), let known = try? Catalog.figure(named: figure) else { return 1 }
        return max(1, known.pieceSet.pieces.count - known.preplaced.count)
    }

    /// The most figures one save may touch.
    public static let maxEntries = 4096

    /// A figure name as the store keeps it: 1 to 1000 bytes, no NUL (PostgreSQL text holds none).
    public static func nameProblem(_ name: String) -> String? {
        (1...1000).contains(name.utf8.count) && !name.utf8.contains(0) ? nil : "a figure name is empty, too long or holds NUL"
    }
}
