/// What is wrong with a partial position the game asks about: the first problem found, naming
/// the piece, so the game can point at it.
public enum PositionIssue: Error, Hashable, Sendable, CustomStringConvertible {
    /// The letter is not a piece of the figure's set.
    case unknownPiece(Character)
    /// The piece covers a cell outside the figure.
    case outsideFigure(Character)
    /// The two pieces share a cell (the second may be a pre-placed piece).
    case overlap(Character, Character)
    /// The piece is placed more often than the set holds copies of it.
    case tooManyCopies(Character)
    /// The pose is not one the piece set allows (a Soma piece mirrored, for example).
    case notAllowedPose(Character)

    public var description: String {
        switch self {
        case let .unknownPiece(letter): "there is no piece \(letter) in this set"
        case let .outsideFigure(letter): "piece \(letter) sticks out of the figure"
        case let .overlap(a, b): "pieces \(a) and \(b) overlap"
        case let .tooManyCopies(letter): "piece \(letter) is placed too many times"
        case let .notAllowedPose(letter): "piece \(letter) cannot be turned that way"
        }
    }
}
