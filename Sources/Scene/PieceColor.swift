/// The colour a piece is drawn in: an entry of `PiecePalette` or the neutral grey used for a
/// figure shown without pieces (`soma show`).
public enum PieceColor: Hashable, Sendable {
    /// Entry `n` of the palette (taken modulo its size): Soma pieces use 0...6 in the order
    /// V L T Z A B P, pentominoes 0...11 in the order F I L N P T U V W X Y Z.
    case palette(Int)
    case neutral
}
