#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Records

/// The protocol between a game and its server under `soma serve --database`: one JSON object a
/// line, each way, over a Unix socket the server hands the game as descriptor 3
/// (`SOMA_STORE_FD`). The game asks (`Request`), the server answers (`Reply`), one at a time.
/// Neither side trusts the other: a line is at most `maxLineBytes`, anything that does not decode
/// is an error, and each side checks the values it gets (`ProgressChange.problem` on the server,
/// `ProgressCheck` in the game). The game never names a player: the server knows whose session
/// the descriptor belongs to, so a game cannot write another player's progress.
public enum StoreLine {
    /// The longest line either side sends or reads (a save with positions is a few kilobytes).
    public static let maxLineBytes = 1 << 20

    public enum Request: Codable, Hashable, Sendable {
        /// The player's records and positions.
        case load
        /// Merge a change (the server answers `saved` once it holds it, and writes it, retrying).
        case save(ProgressChange)
        /// One figure's hall of fame for one assist, as this player sees it.
        case fame(figure: String, assist: String)
        /// This player's display name.
        case ownName
        /// Choose a display name.
        case chooseName(String)
        /// Keep a solve of a daily puzzle (answered `saved` once held, and written, retrying, as a save).
        case recordDaily(ProgressStore.DailyRow, kind: ProgressStore.DailyKind)
        /// This player's daily results of a kind, newest day first, on or before the day
        /// `through` when given (answered `daily`; the streak reads them page by page).
        case dailyResults(kind: ProgressStore.DailyKind, through: String? = nil)
    }

    public enum Reply: Codable, Hashable, Sendable {
        /// `savedAt`: when each position was last saved (seconds since 1970), so a returning
        /// player opens on the figure last played, as with SQLite.
        case loaded(records: [Record], positions: [String: SavedPosition], savedAt: [String: Double]? = nil)
        case saved
        case fame(FameTables)
        case name(String?)
        case accepted(String)
        case refused(String)
        /// The request failed (the database is unreachable, the line was bad), in words.
        case failed(String)
        /// The player's daily results (at most `ProgressStore.maxDailyResults`; no names).
        case daily([ProgressStore.DailyRow])
    }

    /// One stored record as it travels: a figure's results with one assist.
    public struct Record: Codable, Hashable, Sendable {
        public var figure: String
        public var assist: String
        public var timesSolved: Int
        public var bestSeconds: Double
        public var fewestMoves: Int

        public init(figure: String, assist: String, timesSolved: Int, bestSeconds: Double, fewestMoves: Int) {
            self.figure = figure
            self.assist = assist
            self.timesSolved = timesSolved
            self.bestSeconds = bestSeconds
            self.fewestMoves = fewestMoves
        }
    }

    /// `Records.HallOfFame` as it travels (the game's value is not Codable, and need not be).
    public struct FameTables: Codable, Hashable, Sendable {
        public struct Standing: Codable, Hashable, Sendable {
            public var rank: Int
            public var name: String?
            public var score: Double
            public var isOwn: Bool
            /// Playing now (issue 27); optional, so a line from a server that does not say decodes.
            public var isPlayingNow: Bool?
        }

        public var figure: String
        public var assist: String
        public var byTime: [Standing]
        public var byMoves: [Standing]
        public var players: Int

        public init(_ fame: HallOfFame) {
            figure = fame.figure
            assist = fame.assist.rawValue
            let wire = { (s: HallOfFame.Standing) in Standing(rank: s.rank, name: s.name, score: s.score, isOwn: s.isOwn,
                                                             isPlayingNow: s.isPlayingNow ? true : nil) }
            byTime = fame.byTime.map(wire)
            byMoves = fame.byMoves.map(wire)
            players = fame.players
        }

        /// The game's value, keeping only what a table could hold: at most a few dozen rows,
        /// ranks from 1, finite scores, valid display names (anything else shows as anonymous).
        public var hallOfFame: HallOfFame {
            let game = { (rows: [Standing]) in
                rows.prefix(2 * HallOfFame.places + 2).compactMap { s -> HallOfFame.Standing? in
                    guard s.rank >= 1, s.score.isFinite, s.score >= 0 else { return nil }
                    let name = s.name.flatMap { $0.count <= DisplayName.maximumLength && DisplayName.problem($0) == nil ? $0 : nil }
                    return HallOfFame.Standing(rank: s.rank, name: name, score: s.score, isOwn: s.isOwn, isPlayingNow: s.isPlayingNow == true)
                }
            }
            return HallOfFame(figure: figure, assist: Assist(rawValue: assist) ?? .off, byTime: game(byTime), byMoves: game(byMoves),
                              players: max(0, players))
        }
    }

    /// A value as one line: compact JSON and a newline (JSON escapes every control character,
    /// so the text holds no other newline).
    public static func encode<T: Encodable>(_ value: T) -> [UInt8]? {
        guard let data = try? JSONEncoder().encode(value), data.count < maxLineBytes else { return nil }
        return Array(data) + [0x0A]
    }

    /// An answer as a line that fits: a `loaded` answer too large for one line (issue 36: some
    /// 2,300 saved positions passed 1 MiB, and every start said "the answer is too large", for
    /// ever) keeps all its records and the most recently saved positions that fit; the others
    /// stay in the store, set aside, and come back as positions are finished. Nil only for an
    /// answer no trimming makes fit.
    public static func encodeFitting(_ reply: Reply) -> [UInt8]? {
        if let line = encode(reply) { return line }
        guard case .loaded(let records, let positions, let savedAt) = reply else { return nil }
        // Newest first: a position with no time counts as the oldest.
        let order = positions.keys.sorted { a, b in
            let (ta, tb) = (savedAt?[a] ?? -.infinity, savedAt?[b] ?? -.infinity)
            return ta != tb ? ta > tb : a < b
        }
        func kept(_ count: Int) -> Reply {
            let names = Set(order.prefix(count))
            return .loaded(records: records, positions: positions.filter { names.contains($0.key) },
                           savedAt: savedAt?.filter { names.contains($0.key) })
        }
        // The most positions that fit, found by halving: a dozen encodings of a megabyte at most.
        var (fits, tooMany) = (0, order.count)
        guard var best = encode(kept(0)) else { return nil }
        while tooMany - fits > 1 {
            let middle = fits + (tooMany - fits) / 2
            if let line = encode(kept(middle)) { (fits, best) = (middle, line) } else { tooMany = middle }
        }
        return best
    }

    /// A line (without its newline) as a value, or nil.
    public static func decode<T: Decodable>(_ type: T.Type, from line: some Collection<UInt8>) -> T? {
        guard line.count < maxLineBytes else { return nil }
        return try? JSONDecoder().decode(type, from: Data(line))
    }
}
