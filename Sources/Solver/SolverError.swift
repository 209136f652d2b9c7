import Polycube

/// Why a figure cannot be searched, found before any search starts.
///
/// Every case carries what the user needs to fix the figure, and `description` says it in one
/// sentence, so the command line and the game can show it as it is.
public enum SolverError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The figure has no cells.
    case emptyFigure(figure: String)
    /// More cells than the solver's masks hold.
    case tooManyCells(figure: String, cells: Int, maximum: Int)
    /// More different pieces than the search keeps track of (identical copies count once).
    case tooManyPieces(pieceSet: String, pieces: Int, maximum: Int)
    /// The figure's cells and the pieces' cubes do not add up.
    case cellCountMismatch(figure: String, cells: Int, pieceCells: Int)
    /// A pre-placed piece names a letter that is not in the piece set.
    case unknownPiece(figure: String, letter: Character, known: [Character])
    /// A pre-placed piece does not have the shape of the piece it names.
    case wrongShape(figure: String, letter: Character)
    /// A pre-placed piece covers a cell outside the figure.
    case preplacedOutsideFigure(figure: String, letter: Character)
    /// Two pre-placed pieces share a cell.
    case preplacedOverlap(figure: String, letters: [Character])
    /// More pre-placed copies of a piece than the set holds.
    case tooManyCopies(figure: String, letter: Character, copies: Int)

    public var description: String {
        switch self {
        case let .emptyFigure(figure):
            return "figure '\(figure)' has no cells"
        case let .tooManyCells(figure, cells, maximum):
            return "figure '\(figure)' has \(cells) cells; the solver handles at most \(maximum)"
        case let .tooManyPieces(pieceSet, pieces, maximum):
            return "piece set '\(pieceSet)' has \(pieces) different pieces; the solver handles at most \(maximum)"
        case let .cellCountMismatch(figure, cells, pieceCells):
            return "figure '\(figure)' has \(cells) cells but the pieces have \(pieceCells) cubes"
        case let .unknownPiece(figure, letter, known):
            return "figure '\(figure)': unknown piece '\(letter)' (known: \(known.map(String.init).joined(separator: " ")))"
        case let .wrongShape(figure, letter):
            return "figure '\(figure)': the pre-placed cells marked '\(letter)' do not have the shape of piece \(letter)"
        case let .preplacedOutsideFigure(figure, letter):
            return "figure '\(figure)': pre-placed piece \(letter) lies outside the figure"
        case let .preplacedOverlap(figure, letters):
            return "figure '\(figure)': pre-placed pieces \(letters.map(String.init).joined(separator: " and ")) overlap"
        case let .tooManyCopies(figure, letter, copies):
            return "figure '\(figure)': piece \(letter) is pre-placed more than the \(copies) the set holds"
        }
    }
}
