import Polycube

/// One symmetry of a figure, seen by the solver: where each cell goes and which piece each piece
/// becomes (a mirror turns Soma's A into B), so that it maps solutions onto solutions.
struct FigureSymmetry: Hashable, Sendable {
    let isometry: Isometry
    /// `cellPermutation[i]` is the index of the image of cell `i`.
    let cellPermutation: [Int]
    /// `pieceMap[p]` is the piece that piece `p` becomes.
    let pieceMap: [Int]

    static func == (a: FigureSymmetry, b: FigureSymmetry) -> Bool {
        a.cellPermutation == b.cellPermutation && a.pieceMap == b.pieceMap
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(cellPermutation)
        hasher.combine(pieceMap)
    }

    var isIdentity: Bool {
        cellPermutation.enumerated().allSatisfy { $0.offset == $0.element }
            && pieceMap.enumerated().allSatisfy { $0.offset == $0.element }
    }

    /// The symmetry group used to tell distinct solutions apart, identity first.
    ///
    /// An isometry belongs when it maps the figure's cell set onto itself (up to a translation),
    /// maps the piece set onto itself (every piece turned by it is congruent, under the set's
    /// orientation group, to a piece with as many copies: true for all rotations, and for mirrors
    /// exactly when the set is mirror-closed, as Soma is by swapping A and B), and maps the
    /// pre-placed pieces onto pre-placed pieces and marked cells onto cells marked alike. Isometries that act alike on the cells and
    /// pieces (a flat board's turn-over about z) are counted once.
    static func group(of problem: ExactCover) -> [FigureSymmetry] {
        let figure = problem.figure
        let set = figure.pieceSet
        let orientations = problem.orientations
        // The box, by a plain loop (`Bounds` is generic over any sequence: 49k instructions for
        // the 60 cells of a board, a third of the group's set-up).
        var low = figure.cells[0], high = low
        for c in figure.cells {
            low = Cell(min(low.x, c.x), min(low.y, c.y), min(low.z, c.z))
            high = Cell(max(high.x, c.x), max(high.y, c.y), max(high.z, c.z))
        }
        let size = [high.x - low.x, high.y - low.y, high.z - low.z]
        let layout = problem.layout
        var result: [FigureSymmetry] = []
        var permutation = Array(problem.cells.indices)
        // The figure's own cells with their bits, worked out once rather than per isometry.
        let members = problem.cells.enumerated().filter { layout.index(of: $0.element) != nil }
        // A flat figure of flat pieces: turned over (z to -z), it maps its cells and pieces as
        // the same isometry without the turn-over does, so those isometries are skipped before
        // their piece maps are worked out (half the group's set-up on a board).
        let flat = size[2] == 0 && set.pieces.allSatisfy { piece in piece.shape.cells.allSatisfy { $0.z == piece.shape.cells[0].z } }
        // Read once, not per isometry (each read copied the lists), and the pre-placed pieces'
        // cells sorted once for the comparisons below.
        let preplaced = figure.preplaced
        let markedCells = figure.markedCells
        let sortedPreplaced = preplaced.map { (letter: $0.letter, cells: $0.cells.sorted()) }
        for (index, g) in Isometry.all.enumerated() {
            // An isometry that does not map the bounding box onto itself cannot map the figure.
            guard size[g.axis.0] == size[0], size[g.axis.1] == size[1], size[g.axis.2] == size[2] else { continue }
            if flat && g.axis.2 == 2 && g.sign.2 == -1 { continue }
            // The translation that brings the turned box back onto the box.
            let corner = g.apply(high - low), origin = g.apply(.origin)
            let shift = low - Cell(min(corner.x, origin.x), min(corner.y, origin.y), min(corner.z, origin.z))
            func image(_ c: Cell) -> Cell { g.apply(c - low) + shift }
            // Where each cell goes; a cell whose image is not in the figure rules `g` out.
            var inside = true
            for (i, c) in members {
                guard let j = layout.index(of: image(c)) else { inside = false; break }
                permutation[i] = j
            }
            guard inside else { continue }
            // How it maps the pieces, worked out once per set (`PieceOrientations.PieceMaps`).
            guard let pieceMap = orientations.pieceMaps.map(index) else { continue }
            let keepsPreplaced = preplaced.allSatisfy { placed in
                guard let p = set.pieces.firstIndex(where: { $0.letter == placed.letter }) else { return false }
                let letter = set.pieces[pieceMap[p]].letter
                // Sorted lists, not sets: a piece's cells are distinct (`ExactCover` checks).
                let cells = placed.cells.map(image).sorted()
                return sortedPreplaced.contains { $0.letter == letter && $0.cells == cells }
            }
            guard keepsPreplaced else { continue }
            let keepsMarks = markedCells.isEmpty || markedCells.allSatisfy { cell, letter in
                guard let p = set.pieces.firstIndex(where: { $0.letter == letter }) else { return false }
                return markedCells[image(cell)] == set.pieces[pieceMap[p]].letter
            }
            guard keepsMarks else { continue }
            let symmetry = FigureSymmetry(isometry: g, cellPermutation: permutation, pieceMap: pieceMap)
            // A linear search: at most 48 entries, and unequal permutations differ early.
            if !result.contains(symmetry) { result.append(symmetry) }
        }
        return result
    }
}
