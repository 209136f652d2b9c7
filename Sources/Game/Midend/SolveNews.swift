/// What the host knows about a solve once it has recorded it, and the screen cannot know itself:
/// whether it beat the player's saved best on this figure, and which figure is next. The screen
/// says it on the status line (`Solved in 1:23, 7 moves. New best! Enter: next figure (Dog)`).
public struct SolveNews: Hashable, Sendable {
    /// The solve beat the saved best time or the saved fewest moves (a first solve beats
    /// nothing: there was no best to beat).
    public var newBest: Bool
    /// The name of the next figure in the menu the player has not solved yet, which Enter
    /// opens; nil when every figure is solved (or there is no menu).
    public var next: String?

    public init(newBest: Bool, next: String?) {
        self.newBest = newBest
        self.next = next
    }

    /// The news for `solved` on `figure`, judged against `records` as they were before the
    /// solve was recorded, with the same assist (each assist keeps its own bests).
    public init(_ solved: Solved, on figure: String, before records: [RecordKey: FigureRecord], next: String?) {
        let best = records[RecordKey(figure, solved.rankedAssist)].flatMap { $0.timesSolved > 0 ? $0 : nil }
        newBest = best.map { solved.seconds < $0.bestSeconds || solved.moves < $0.fewestMoves } ?? false
        self.next = next
    }
}
