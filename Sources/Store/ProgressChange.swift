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
        /// The position the latest solve ended in (`Progress.solutions`): the server believes a
        /// solve only with a final position that is a solution of the figure (`problem`).
        public var final: SavedPosition?

        public init(figure: String, solves: Int, bestSeconds: Double, fewestMoves: Int, assist: String,
                    final: SavedPosition? = nil) {
            self.figure = figure
            self.solves = solves
            self.bestSeconds = bestSeconds
            self.fewestMoves = fewestMoves
            self.assist = assist
            self.final = final
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
                                         fewestMoves: record.fewestMoves, assist: key.assist.rawValue,
                                         final: after.solutions[key.figure]))
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
            if let why = record.problem { return why }
        }
        for entry in positions {
            if let why = Self.nameProblem(entry.figure) { return why }
            if let position = entry.position, let why = ProgressCheck.position(position) { return why }
        }
        return nil
    }

    /// The most solves of one figure a save may add: a game saves as each solve is recorded.
    public static let maxSolvesPerSave = 100

    /// The catalog's figures by the name records are kept under (`Figure.name`: `Cube`,
    /// `6x10 rectangle`), read once.
    static let catalogByName: [String: Figure] = Dictionary(Catalog.figures.map { ($0.figure.name, $0.figure) },
                                                            uniquingKeysWith: { first, _ in first })

    /// The catalog figure a record of `name` is for; nil for one the server does not know (a
    /// generated figure, a player's file), which is checked as far as it can be without it.
    static func catalogFigure(_ name: String) -> Figure? { catalogByName[name] }

    /// A figure name as a reason quotes it: short, and without control characters.
    static func shown(_ name: String) -> String {
        String(name.prefix(40).map { $0.isASCII && ($0.isLetter || $0.isNumber || " -_.".contains($0)) ? $0 : "?" })
    }

    /// The most figures one save may touch.
    public static let maxEntries = 4096

    /// A figure name as the store keeps it: 1 to 1000 bytes, no NUL (PostgreSQL text holds none).
    public static func nameProblem(_ name: String) -> String? {
        (1...1000).contains(name.utf8.count) && !name.utf8.contains(0) ? nil : "a figure name is empty, too long or holds NUL"
    }
}

extension ProgressChange.Record {
    /// Why the server will not believe this record, or nil: what play can produce (issue 36: a
    /// modified game sent 100,000,000 solves, and the cube solved in 0 moves and 0.0 s). A game
    /// saves after each solve, every piece placed is a move, a solve takes some time, and it ends
    /// in a solution of its figure. The game leaves such a record out of what it sends
    /// (`RemoteStore.save`), so one solve the server refuses never holds back every later save.
    public var problem: String? {
        if let why = ProgressChange.nameProblem(figure) { return why }
        guard ProgressChange.assists.contains(assist) else { return "assist is not off, fits or solvable" }
        guard (0...ProgressCheck.maxTimesSolved).contains(solves) else { return "solves out of range" }
        guard solves <= ProgressChange.maxSolvesPerSave else { return "\(solves) solves in one save" }
        if let why = ProgressCheck.solveSeconds(bestSeconds) { return why }
        let known = ProgressChange.catalogFigure(figure)
        // The pieces the player places: a board's fixed tiles are not theirs to move.
        let pieces = known.map { max(1, ProgressCheck.pieces(of: $0).count - ($0.isBoard ? $0.preplaced.count : 0)) } ?? 1
        guard fewestMoves >= pieces else { return "a solve in \(fewestMoves) moves places fewer than its \(pieces) pieces" }
        if let why = ProgressCheck.record(FigureRecord(timesSolved: max(1, solves), bestSeconds: bestSeconds,
                                                       fewestMoves: fewestMoves)) { return why }
        guard let final else { return "a solve of \(ProgressChange.shown(figure)) comes without its final position" }
        // A figure the server does not know (a generated one, a player's file) is checked
        // as a position; a catalog figure's final position must be one of its solutions.
        if let why = known.map({ ProgressCheck.solution(final, of: $0) }) ?? ProgressCheck.position(final) {
            return "the final position of \(ProgressChange.shown(figure)) is no solution: \(why)"
        }
        return nil
    }
}
