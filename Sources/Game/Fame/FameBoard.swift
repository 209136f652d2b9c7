/// What the hall of fame screen reads and writes: one figure's tables, the player's display
/// name and choosing it. The host calls these off the input path (`GameEffect.readFame`,
/// `.chooseName`); the midend only asks. The executable builds it over its progress database
/// (`FameBoard.over(_:problem:)`), so the tables come from the same database and the same player
/// the progress does; tests hand in their own.
public struct FameBoard: Sendable {
    public var tables: @Sendable (_ figure: String, _ assist: Assist) -> Result<HallOfFame, HallOfFameScreen.Failure>
    public var ownName: @Sendable () -> String?
    public var chooseName: @Sendable (String) -> NameChoice
    /// A guest of `soma serve` (`SOMA_GUEST=1`): no name, and no entries of their own.
    public var isGuest: Bool
    /// The assist the game is played with: the hall of fame opens on its tables.
    public var assist: Assist

    public init(tables: @escaping @Sendable (String, Assist) -> Result<HallOfFame, HallOfFameScreen.Failure>,
                ownName: @escaping @Sendable () -> String?,
                chooseName: @escaping @Sendable (String) -> NameChoice, isGuest: Bool, assist: Assist = .solvable) {
        self.assist = assist
        self.tables = tables
        self.ownName = ownName
        self.chooseName = chooseName
        self.isGuest = isGuest
    }

    /// The tables of `figure` for each assist.
    public func everyAssist(_ figure: String) -> [Assist: Result<HallOfFame, HallOfFameScreen.Failure>] {
        Dictionary(uniqueKeysWithValues: Assist.allCases.map { ($0, tables(figure, $0)) })
    }
}
