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
