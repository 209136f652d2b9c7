/// A puzzle piece: a named shape, with how many identical copies the set holds.
///
/// Pieces are identified by a one-character letter (Soma: V L T Z A B P; pentominoes:
/// F I L N P T U V W X Y Z), which is what figures, solutions and the user's keys use.
public struct Piece: Hashable, Sendable, CustomStringConvertible {
    var name: String
    public var letter: Character
    public var shape: Shape
    /// Identical copies in the set (1 for the Soma and pentomino sets).
    public var copies: Int

    init(name: String, letter: Character, shape: Shape, copies: Int = 1) {
        self.name = name
        self.letter = letter
        self.shape = shape
        self.copies = copies
    }

    public var description: String { "\(letter)" }
}
