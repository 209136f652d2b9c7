import Polycube
import Scene

/// A pentomino tile: its letter, its shape lying flat, and the colour it is drawn in.
public struct Tile: Hashable, Sendable {
    public var letter: Character
    public var shape: Shape
    public var color: TerminalColor

    public init(letter: Character, shape: Shape, color: TerminalColor) {
        self.letter = letter
        self.shape = shape
        self.color = color
    }
}
