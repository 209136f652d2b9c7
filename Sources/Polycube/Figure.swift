/// A target to fill: a named set of cells, the piece set to fill it with, and optionally pieces
/// already placed (given as the exact cells each pre-placed piece covers).
///
/// A board is a figure whose cells all lie in the layer z = 0 and whose piece set is flat.
public struct Figure: Hashable, Sendable {
    public var name: String
    /// How a player is shown the figure where its name is only a key: a generated figure's id
    /// with its grade, a day's figure with its date (`GeneratedFigures.title`). Nil shows `name`.
    public var title: String?
    /// The cells to fill, sorted in scan order and without duplicates.
    public private(set) var cells: [Cell]
    public var pieceSet: PieceSet
    /// Pieces given in advance: the letter and the cells it covers (a subset of `cells`).
    public var preplaced: [(letter: Character, cells: [Cell])] { _preplaced.map { ($0.letter, $0.cells) } }
    private var _preplaced: [Preplaced]
    /// Cells marked with the letter of the piece that must cover them, the piece itself not
    /// drawn (yass files mark single cells so): constraints on the solutions, not pieces placed.
    public var markedCells: [Cell: Character] = [:]

    public init(name: String, cells: some Sequence<Cell>, pieceSet: PieceSet = .soma,
                preplaced: [(letter: Character, cells: [Cell])] = []) {
        self.name = name
        // Sorted, then duplicates (now side by side) dropped: the same as a set's sorted
        // contents without hashing every cell (a figure is made for every file read).
        var sorted = Array(cells)
        sorted.sort()
        var unique = 0
        for i in sorted.indices where i == 0 || sorted[i] != sorted[unique - 1] {
            sorted[unique] = sorted[i]
            unique += 1
        }
        sorted.removeLast(sorted.count - unique)
        self.cells = sorted
        self.pieceSet = pieceSet
        self._preplaced = preplaced.map { Preplaced(letter: $0.letter, cells: $0.cells.sorted()) }
    }

    /// What the screens call the figure: its title, or else its name.
    public var shownName: String { title ?? name }

    public var isBoard: Bool { pieceSet.isFlat && cells.allSatisfy { $0.z == 0 } }

    private struct Preplaced: Hashable, Sendable {
        var letter: Character
        var cells: [Cell]
    }
}
