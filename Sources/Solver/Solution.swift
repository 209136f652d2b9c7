import Polycube

/// A filled figure: every piece in its pose, with the cells it covers.
///
/// Pre-placed pieces are part of it, so a solution can be drawn or written out on its own.
public struct Solution: Hashable, Sendable {
    /// The pieces in the order the solver placed them, pre-placed pieces first.
    public var pieces: [PlacedPiece]

    public init(pieces: [PlacedPiece]) {
        self.pieces = pieces
    }

    /// The letter of the piece covering `cell`, or nil when no piece covers it.
    public func letter(at cell: Cell) -> Character? {
        pieces.first { $0.cells.contains(cell) }?.placement.piece
    }

    /// Every covered cell with the letter of the piece covering it.
    public var letters: [Cell: Character] {
        var result: [Cell: Character] = [:]
        for piece in pieces { for c in piece.cells { result[c] = piece.placement.piece } }
        return result
    }
}

/// One piece of a solution: its placement (what the game stores) and the cells it covers (what
/// drawing and writing need), so that neither has to look the piece's shape up again.
public struct PlacedPiece: Hashable, Sendable {
    public var placement: Placement
    /// The covered cells, in scan order.
    public var cells: [Cell]

    public init(placement: Placement, cells: [Cell]) {
        self.placement = placement
        self.cells = cells.sorted()
    }
}
