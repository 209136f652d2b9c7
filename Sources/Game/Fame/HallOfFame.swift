/// The hall of fame of one figure and one assist as values: the best times and the fewest
/// moves across players, each a ranked table (each assist is ranked apart). The store fills it from the database; the game's screen and
/// `soma scores` draw it. A player appears by display name, or as `anonymous`, never by key.
public struct HallOfFame: Hashable, Sendable {
    /// One player's place in a table.
    public struct Standing: Hashable, Sendable {
        /// 1 for the best. Ties are broken by who got there first, so ranks never repeat.
        public var rank: Int
        /// The player's display name; nil for a player without one.
        public var name: String?
        /// Seconds in the time table, moves in the moves table.
        public var score: Double
        /// The player looking at the table (highlighted).
        public var isOwn: Bool
        /// The player is in a game on the server now (under `soma serve`, on any instance sharing
        /// the database): a keyed session seen within `HallOfFame.playingWindow` seconds.
        public var isPlayingNow: Bool

        public init(rank: Int, name: String?, score: Double, isOwn: Bool = false, isPlayingNow: Bool = false) {
            self.rank = rank
            self.name = name
            self.score = score
            self.isOwn = isOwn
            self.isPlayingNow = isPlayingNow
        }

        /// The name to show: the display name, or `anonymous`.
        public var shownName: String { name ?? DisplayName.anonymous }
    }

    /// How many places a table shows.
    public static let places = 10

    /// A player counts as playing now while their server said so within this many seconds. A
    /// server says it every 20 s (`Server.PlayingNow`), so a server that was killed, and says
    /// nothing more, stops marking its players within a minute by itself.
    public static let playingWindow = 60.0

    /// The figure's name (the key of its records).
    public var figure: String
    /// The assist the solves in these tables used.
    public var assist: Assist
    /// By best time, fastest first: the top `places`, then the player's own place if lower.
    public var byTime: [Standing]
    /// By fewest moves, fewest first, the same way.
    public var byMoves: [Standing]
    /// How many players solved the figure.
    public var players: Int

    public init(figure: String, assist: Assist, byTime: [Standing] = [], byMoves: [Standing] = [], players: Int = 0) {
        self.figure = figure
        self.assist = assist
        self.byTime = byTime
        self.byMoves = byMoves
        self.players = players
    }

    /// A time as the tables show it: `m:ss.t` (or `h:mm:ss.t`), tenths cut, not rounded, as the
    /// game's clock cuts seconds; tenths because two players a fraction apart are ranked apart.
    /// A time no play takes (100 hours or more, or not a number: a forged answer) reads `-`.
    public static func time(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 360_000 else { return "-" }
        let tenths = Int((max(0, seconds) * 10 + 1e-6).rounded(.down))
        return Panels.clock(Double(tenths / 10)) + ".\(tenths % 10)"
    }

    /// A moves count as the tables show it; a count no play makes (a billion or more, below
    /// zero, not a number: a forged answer) reads `-` rather than trapping in `Int(_:)`.
    public static func moves(_ count: Double) -> String {
        guard count.isFinite, count >= 0, count < 1e9 else { return "-" }
        return String(Int(count))
    }
}
