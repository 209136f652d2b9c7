/// What a record is kept under: the figure and the assist the solve used (`Assist`). A solve
/// with the game placing pieces by fit is not the same feat as one steered step by step, so the
/// hall of fame ranks each assist apart and a player's bests are kept per assist. The store
/// keeps the assist as its raw text (`off`, `fits`, `solvable`); records from before the assist
/// existed were steered and count as `off`.
public struct RecordKey: Hashable, Sendable, Codable, Comparable {
    public var figure: String
    public var assist: Assist

    public init(_ figure: String, _ assist: Assist) {
        self.figure = figure
        self.assist = assist
    }

    /// By figure name, then from the least help to the most (`Assist.allCases`).
    public static func < (a: RecordKey, b: RecordKey) -> Bool {
        (a.figure, a.assist.rank) < (b.figure, b.assist.rank)
    }
}
