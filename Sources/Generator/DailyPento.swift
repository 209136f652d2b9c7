import Polycube
import Solver

/// One day's pentomino puzzle: a board of the catalog with a few tiles fixed in place and
/// exactly one way to put the other tiles down (`DailyPentoRule` makes it).
public struct DailyPento: Sendable {
    public let day: PuzzleDay
    /// The puzzle as a figure: the board's squares, the pentominoes, the fixed tiles as
    /// pre-placed pieces (what `soma pento FILE` and `soma solve FILE` read).
    public let figure: Figure
    /// The catalog board it is on (`6x10`, `5x12`, ...).
    public let boardName: String
    /// The tiles fixed in place, in the order the rule chose them.
    public let fixed: [Placement]
    /// The one way to finish: the other tiles' placements.
    public let solution: [Placement]
    /// The grade of the puzzle, measured on the board with the fixed tiles (`Grade`).
    public let grade: Grade

    /// The puzzle's file in the native format: fixed tiles drawn with their letters, the day,
    /// the rule and the board in the opening comments. The same day gives the same bytes.
    public var fileText: String {
        var text = "; The daily pentomino puzzle of \(day) (daily pento rule \(DailyPentoRule.version)).\n"
        text += "; Board \(boardName) with \(fixed.count) tiles fixed in place; grade \(grade.value) of 5; "
        text += "exactly one way to finish.\n"
        return text + FigureWriter.native(figure)
    }
}
