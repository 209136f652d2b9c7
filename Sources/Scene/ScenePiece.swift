import Polycube

/// One piece as the renderer sees it: an id for hit testing, the lattice cells it covers, a
/// colour and how it should stand out.
public struct ScenePiece: Hashable, Sendable {
    /// Reported back by hit testing as `HitID.piece(piece: id, ...)`; the game's own numbering.
    public var id: Int
    /// The cells covered; hit testing reports a cube as its index in this array.
    public var cells: [Cell]
    public var color: PieceColor
    public var marks: Marks
    /// A shift in lattice units applied when drawing only (an exploded view, an animation): the
    /// piece's faces, edges and hit tests follow it, its cells do not change.
    public var displacement: Vector3
    /// The character that fills the piece where it is drawn flat (the board view), usually its
    /// letter, so tiles can be told apart without colour.
    public var label: Character?

    public init(id: Int, cells: [Cell], color: PieceColor, marks: Marks = [], displacement: Vector3 = .zero,
                label: Character? = nil) {
        self.id = id
        self.cells = cells
        self.color = color
        self.marks = marks
        self.displacement = displacement
        self.label = label
    }

    /// A piece of a set in a pose, coloured and labelled as the palette says for its letter.
    /// Nil when the set has no piece with the placement's letter.
    public init?(id: Int, placement: Placement, in set: PieceSet, marks: Marks = []) {
        guard let piece = set.piece(placement.piece) else { return nil }
        self.init(id: id, cells: placement.cells(of: piece.shape), color: PiecePalette.color(for: piece.letter, in: set),
                  marks: marks, label: piece.letter)
    }

    /// How a piece stands out from the others.
    public struct Marks: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// The piece the user is handling: brighter, with light edges, drawn in front on ties.
        public static let selected = Marks(rawValue: 1 << 0)
        /// In a pose the rules forbid (overlapping, outside the figure): hatched in red.
        public static let invalid = Marks(rawValue: 1 << 1)
        /// A suggestion rather than a placed piece: drawn dim, quiet like the ghost.
        public static let hint = Marks(rawValue: 1 << 2)
        /// Its `label` is written on its largest visible face (`PieceLetters`).
        public static let lettered = Marks(rawValue: 1 << 3)
        /// Fixed in place by the puzzle (the pentomino board's given tiles): not the player's to
        /// move, drawn in stone grey with only its letter in its colour.
        public static let fixed = Marks(rawValue: 1 << 4)
        /// Put on a fit that leaves the figure unsolvable (the game's judging, when on): striped
        /// with a dark hatch (`!` without colour), so the picture says it and not only the
        /// message line (issue 34).
        public static let deadEnd = Marks(rawValue: 1 << 5)
    }

    /// True when the piece covers `cell`. Pieces are a handful of cubes, so a scan beats hashing.
    @inlinable
    func covers(_ cell: Cell) -> Bool {
        for c in cells where c == cell { return true }
        return false
    }
}
