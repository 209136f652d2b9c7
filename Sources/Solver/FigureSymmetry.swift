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
    /// pre-placed pieces onto pre-placed pieces. Isometries that act alike on the cells and
    /// pieces (a flat board's turn-over about z) are counted once.
    static func group(of problem: ExactCover) -> [FigureSymmetry] {
        let figure = problem.figure
        let set = figure.pieceSet
        let canonicalPieces = set.pieces.map { $0.shape.canonical(under: set.orientationGroup) }
        var low = figure.cells[0]
        for c in figure.cells { low.x = min(low.x, c.x); low.y = min(low.y, c.y); low.z = min(low.z, c.z) }
        let figureShape = Shape(figure.cells)
        var result: [FigureSymmetry] = []
        var seen = Set<FigureSymmetry>()
        for g in Isometry.all {
            guard figureShape.transformed(by: g) == figureShape else { continue }
            var pieceMap: [Int] = []
            for piece in set.pieces {
                let image = piece.shape.transformed(by: g).canonical(under: set.orientationGroup)
                guard let q = canonicalPieces.indices.first(where: {
                    canonicalPieces[$0] == image && set.pieces[$0].copies == piece.copies
                }) else { break }
                pieceMap.append(q)
            }
            guard pieceMap.count == set.pieces.count, Set(pieceMap).count == pieceMap.count else { continue }
            // Translation that brings the turned figure back onto itself.
            let turned = figure.cells.map { g.apply($0 - low) }
            var turnedLow = turned[0]
            for c in turned {
                turnedLow.x = min(turnedLow.x, c.x); turnedLow.y = min(turnedLow.y, c.y); turnedLow.z = min(turnedLow.z, c.z)
            }
            func image(_ c: Cell) -> Cell { g.apply(c - low) - turnedLow + low }
            let permutation = problem.cells.enumerated().map { i, c in
                problem.cellIndex[c] == nil ? i : problem.cellIndex[image(c)]!
            }
            let keepsPreplaced = figure.preplaced.allSatisfy { placed in
                guard let p = set.pieces.firstIndex(where: { $0.letter == placed.letter }) else { return false }
                let letter = set.pieces[pieceMap[p]].letter
                let cells = Set(placed.cells.map(image))
                return figure.preplaced.contains { $0.letter == letter && Set($0.cells) == cells }
            }
            guard keepsPreplaced else { continue }
            let symmetry = FigureSymmetry(isometry: g, cellPermutation: permutation, pieceMap: pieceMap)
            if seen.insert(symmetry).inserted { result.append(symmetry) }
        }
        return result
    }
}
