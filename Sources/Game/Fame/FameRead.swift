/// What the host read of the hall of fame for one figure (`GameEffect.readFame`), off the input
/// path: each assist's tables, or why they could not be read, and the player's display name.
public struct FameRead: Hashable, Sendable {
    public var figure: String
    public var tables: [Assist: Result<HallOfFame, HallOfFameScreen.Failure>]
    /// Nil while the player has none (or is a guest).
    public var ownName: String?

    public init(figure: String, tables: [Assist: Result<HallOfFame, HallOfFameScreen.Failure>], ownName: String?) {
        self.figure = figure
        self.tables = tables
        self.ownName = ownName
    }
}

extension FameBoard {
    /// Reads `figure`'s tables and the player's name: the host runs it off the input path (the
    /// store may take seconds), never the midend.
    public func read(_ figure: String) -> FameRead {
        FameRead(figure: figure, tables: everyAssist(figure), ownName: isGuest ? nil : ownName())
    }
}
