import Scene
import Polycube

/// A figure being designed: a set of cells, a name and the piece set meant to fill it.
///
/// It is the part of the designer that undo, redo, saving and autosave are about, and nothing
/// else: the camera, the cursor and the panel are how the design is looked at, not the design.
/// Cells keep the coordinates they were drawn at (the designer's lattice), so that undoing and
/// the camera's pivot do not shift under the player; `figure` normalises them for files.
public struct Design: Hashable, Sendable {
    var name: String
    private(set) var cells: Set<Cell>
    var pieceSet: PieceSet

    public init(name: String = "", cells: some Sequence<Cell> = [], pieceSet: PieceSet = .soma) {
        self.name = name
        self.cells = Set(cells)
        self.pieceSet = pieceSet
    }

    /// A design of an existing figure (read from a file, or the catalog). Pre-placed pieces are
    /// not part of a design: their cells stay, as cells to fill.
    public init(figure: Figure) {
        self.init(name: figure.name, cells: figure.cells, pieceSet: figure.pieceSet)
    }

    /// The most cubes a design may have: the scene gives each cube of a design looks of its
    /// own, 46 of them in 16-bit ids, which run out past 1,422 cubes
    /// (`SceneModel.maximumPieces`; at 1,728, the limit until issue 36, the 1,423rd cube
    /// trapped). Far beyond any figure a piece set fills; larger ones are refused, with a
    /// message, when they are opened and as they are drawn, so no autosave can hold one.
    public static let maximumCells = SceneModel.maximumPieces

    /// How many cells the pieces fill: 27 for the Soma set.
    var neededCells: Int { pieceSet.cellCount }

    public var isEmpty: Bool { cells.isEmpty }

    func contains(_ cell: Cell) -> Bool { cells.contains(cell) }

    /// Adds a cell; false when it was already there.
    @discardableResult
    mutating func add(_ cell: Cell) -> Bool { cells.insert(cell).inserted }

    /// Removes a cell; false when it was not there.
    @discardableResult
    mutating func remove(_ cell: Cell) -> Bool { cells.remove(cell) != nil }

    /// The number of face-connected parts. A figure may have several (yass draws such figures
    /// side by side), but a player usually wants one, so the panel shows it.
    var partCount: Int { parts.count }

    /// The face-connected parts, each sorted, ordered by their first cell: the view colours the
    /// cubes by part, so a cube that does not touch the rest stands out.
    var parts: [[Cell]] {
        var seen = Set<Cell>()
        var result: [[Cell]] = []
        for start in cells.sorted() where !seen.contains(start) {
            var part: [Cell] = []
            var stack = [start]
            seen.insert(start)
            while let cell = stack.popLast() {
                part.append(cell)
                for n in cell.neighbours where cells.contains(n) && !seen.contains(n) {
                    seen.insert(n)
                    stack.append(n)
                }
            }
            result.append(part.sorted())
        }
        return result
    }

    /// The design as a figure, moved so that its smallest x, y and z are 0 (as every reader
    /// does), so the same shape drawn anywhere saves to the same file and counts once.
    public var figure: Figure {
        let name = self.name.isEmpty ? "untitled" : self.name
        let lo = Bounds(cells).lo
        return Figure(name: name, cells: cells.map { $0 - lo }, pieceSet: pieceSet)
    }
}
