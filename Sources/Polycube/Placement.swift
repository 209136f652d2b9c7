/// A piece in a pose: which piece, turned by which isometry, moved by which offset.
///
/// The cells it covers are `offset + orientation.apply(c)` for the piece's normalised cells, so a
/// placement is cheap to store (undo stacks, solutions) and its cells are derived on demand.
public struct Placement: Hashable, Sendable {
    public var piece: Character
    public var orientation: Isometry
    public var offset: Cell

    public init(piece: Character, orientation: Isometry = .identity, offset: Cell = .origin) {
        self.piece = piece
        self.orientation = orientation
        self.offset = offset
    }

    /// The cells covered when `shape` (the piece's normalised shape) is put in this pose.
    public func cells(of shape: Shape) -> [Cell] {
        shape.cells.map { orientation.apply($0) + offset }
    }
}
