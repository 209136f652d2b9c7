/// What the hall of fame screen reads and writes: one figure's tables, the player's display
/// name and choosing it. The executable builds it over its progress database
/// (`FameBoard.over(_:problem:)`), so the tables come from the same database and the same player
/// the progress does; tests hand in their own.
public struct FameBoard {
    public var tables: (_ figure: String) -> Result<HallOfFame, HallOfFameScreen.Failure>
    public var ownName: () -> String?
    public var chooseName: (String) -> NameChoice
    /// A guest of `soma serve` (`SOMA_GUEST=1`): no name, and no entries of their own.
    public var isGuest: Bool

    public init(tables: @escaping (String) -> Result<HallOfFame, HallOfFameScreen.Failure>, ownName: @escaping () -> String?,
                chooseName: @escaping (String) -> NameChoice, isGuest: Bool) {
        self.tables = tables
        self.ownName = ownName
        self.chooseName = chooseName
        self.isGuest = isGuest
    }

    /// The hall of fame screen of `figure`, read now; with the name prompt open when `naming`.
    public func screen(figure: String, naming: Bool) -> HallOfFameScreen {
        HallOfFameScreen(figure: figure, tables: tables(figure), ownName: isGuest ? nil : ownName(), isGuest: isGuest, prompting: naming)
    }
}
