/// Cells moved so that their smallest x, y and z are 0, keeping a second list of cell groups
/// (pre-placed pieces) in the same frame. Every reader normalises, so that a figure read from
/// a file, written and read again is equal to itself, wherever it was drawn.
func normalising(_ cells: [Cell], _ groups: [(letter: Character, cells: [Cell])])
    -> (cells: [Cell], groups: [(letter: Character, cells: [Cell])]) {
    guard !cells.isEmpty else { return (cells, groups) }
    let lo = Bounds(cells).lo
    return (cells.map { $0 - lo }, groups.map { ($0.letter, $0.cells.map { $0 - lo }) })
}
