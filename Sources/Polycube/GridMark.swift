/// One non-empty character of a drawn grid of layers: where it was drawn (layer, row and column
/// counted from the first one drawn) and where it stands in the file (for error messages).
///
/// The three readers draw layers in different orders (native: bottom first; yass and the
/// standard notation: top first), so they collect marks first and turn them into cells once the
/// number of layers is known.
struct GridMark {
    var layer: Int
    var row: Int
    var column: Int
    var character: Character
    var line: Int
    var fileColumn: Int

    /// The cell of this mark. Rows are drawn as seen from above with the first row farthest
    /// away, so the first row gets the largest `y` (the same convention as `PieceSet.flat`);
    /// `layerCount` and `topFirst` decide `z`. The result is normalised by the caller.
    func cell(layerCount: Int, topFirst: Bool) -> Cell {
        Cell(column, -row, topFirst ? layerCount - 1 - layer : layer)
    }
}

/// Cells moved so that their smallest x, y and z are 0, keeping a second list of cell groups
/// (pre-placed pieces) in the same frame.
func normalising(_ cells: [Cell], _ groups: [(letter: Character, cells: [Cell])])
    -> (cells: [Cell], groups: [(letter: Character, cells: [Cell])]) {
    guard let first = cells.first else { return (cells, groups) }
    var lo = first
    for c in cells { lo.x = min(lo.x, c.x); lo.y = min(lo.y, c.y); lo.z = min(lo.z, c.z) }
    return (cells.map { $0 - lo }, groups.map { ($0.letter, $0.cells.map { $0 - lo }) })
}
