import Polycube

/// What a solve must show before a store that others read believes it (issue 36: a modified
/// game sent the cube solved in 0 moves and 0.0 s, shown as first to everyone). The record of
/// a solve travels with its final position (`Progress.solutions`), and that position must be a
/// solution of the figure: checked as data, no game is built.
extension ProgressCheck {
    /// A solve takes longer than this. Every piece is placed by a key or a gesture and the play
    /// clock runs from the first placement to the last, so only a solve whose every move
    /// arrived in one read of the terminal takes no time at all: what a modified game, or a
    /// paste of a whole solution, sends. Not higher: a script of keys that waits for the screen
    /// between its batches (the end-to-end tests, a player's macro) places seven pieces in
    /// well under a second.
    public static let minimumSolveSeconds = 0.0

    /// Why the time of a solve is none that play produces, or nil.
    public static func solveSeconds(_ s: Double) -> String? {
        if let why = seconds(s) { return why }
        return s > minimumSolveSeconds ? nil : "a solve in \(s) s is faster than any play"
    }

    /// Why `p` is not the final position of a solve of `figure`, or nil: a position that
    /// `position(_:fits:)` takes, in which the pieces fill the figure exactly (each of its cells
    /// not under a pre-placed piece covered once, none outside), or, on a board, the tiles
    /// lying on it cover every square (tiles left beside a board that needs fewer stay there).
    public static func solution(_ p: SavedPosition, of figure: Figure) -> String? {
        if let why = position(p, fits: figure) { return why }
        // `position(_:fits:)` answered nil, so every pose is a placement of the figure's piece.
        let placements = p.poses.compactMap(\.placement)
        let pieces = Self.pieces(of: figure)
        let cells = zip(placements, pieces).map { pose, piece in pose.cells(of: piece.shape) }
        if figure.isBoard {
            let squares = Set(figure.cells.map { Cell($0.x, $0.y, 0) })
            // `boardFit` already refused two tiles on one square of the board.
            let covered = cells.filter { $0.allSatisfy(squares.contains) }.reduce(into: Set<Cell>()) { $0.formUnion($1) }
            let open = squares.subtracting(covered).count
            return open == 0 ? nil : "the tiles leave \(open) of the board's \(squares.count) squares open"
        }
        var target = Set(figure.cells)
        for pre in figure.preplaced { target.subtract(pre.cells) }
        // `fit` already refused two pieces on one cell, so the count of cells is the covered count.
        let all = cells.flatMap { $0 }
        if let outside = all.first(where: { !target.contains($0) }) {
            return "a piece lies at \(outside.x),\(outside.y),\(outside.z), outside the figure"
        }
        return all.count == target.count ? nil : "the pieces leave \(target.count - all.count) of the figure's \(target.count) cells open"
    }
}
