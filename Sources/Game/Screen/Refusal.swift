/// Why a command was not carried out. The game never silently ignores a command the player gave:
/// it keeps the state as it was and says why, and the view shows the message (the "visible cue").
enum Refusal: Error, Hashable, Sendable {
    /// A move or turn needs a selected piece and there is none.
    case noSelection
    /// A turn, drop or put-back needs a tile in hand and there is none.
    case nothingInHand
    /// The piece would overlap another one: its letter, or nil for a cube fixed by the figure.
    case overlap(Character?)
    /// The piece would sink below the floor.
    case belowFloor
    /// Drop asked for a piece that already rests on something.
    case alreadyDown
    /// Selection by a number or letter the set does not have.
    case noSuchPiece
    case nothingToUndo
    case nothingToRedo
    /// A tile may only be put down inside the board.
    case outsideBoard
    /// The hint needs at least one piece outside the figure.
    case nothingToHint
    /// A carried piece was let go where it cannot rest: it went back where it came from.
    case noRoom
    /// The tile is fixed in place by the puzzle (a daily pentomino puzzle's given tiles).
    case fixedTile(Character)

    /// A short message the player can act on.
    var message: String {
        switch self {
        // The bottom line names the keys that select, as bound: the refusal needs not.
        case .noSelection: "Select a piece first"
        case .nothingInHand: "Pick up a tile first (its letter, or click it)"
        case .overlap(let letter?): "Blocked by piece \(letter)"
        case .overlap(nil): "Blocked by a fixed cube"
        case .belowFloor: "Can't go below the floor"
        case .alreadyDown: "Already resting"
        case .noSuchPiece: "No such piece"
        case .nothingToUndo: "Nothing to undo"
        case .nothingToRedo: "Nothing to redo"
        case .outsideBoard: "Doesn't fit there: back where it came from"
        case .nothingToHint: "All pieces are placed"
        case .noRoom: "No room there: back where it came from"
        case .fixedTile(let letter): "\(letter) is fixed in place: it is part of the puzzle"
        }
    }
}
