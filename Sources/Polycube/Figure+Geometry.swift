/// Moving and turning whole figures, and the symmetry of their cell sets.
extension Figure {
    /// The cell set up to translation.
    var shape: Shape { Shape(cells) }

    /// The figure turned by `g`, pre-placed pieces and marked cells included, moved so that its smallest x, y
    /// and z are 0.
    func transformed(by g: Isometry) -> Figure {
        let marks = markedCells.map { (letter: $0.value, cells: [g.apply($0.key)]) }
        let moved = normalising(cells.map(g.apply), preplaced.map { ($0.letter, $0.cells.map(g.apply)) } + marks)
        let placed = moved.groups.prefix(preplaced.count)
        let marked = moved.groups.dropFirst(preplaced.count).map { ($0.cells[0], $0.letter) }
        var figure = Figure(name: name, cells: moved.cells, pieceSet: pieceSet, preplaced: Array(placed))
        figure.markedCells = Dictionary(marked, uniquingKeysWith: { a, _ in a })
        return figure
    }

    /// The isometries of `group` that map the cell set onto itself (up to translation): the
    /// figure's symmetry group within `group`. The solver divides raw solution counts by it;
    /// `Isometry.rotations` gives the rotations, `Isometry.all` adds the mirror symmetries.
    func symmetries(under group: [Isometry] = Isometry.all) -> [Isometry] {
        shape.symmetries(under: group)
    }

    /// The figure turned so that as many cells as possible rest on the ground (z = 0).
    ///
    /// Files from other programs are often drawn lying on a side. Ties go to the lower figure,
    /// then to the first rotation in `Isometry.rotations`, which starts with the identity, so a
    /// figure already standing on its broadest base keeps the orientation it was drawn in.
    func standingOnBroadestBase() -> Figure {
        var best = self.transformed(by: .identity)
        var bestKey = (base: Int.min, height: Int.min)
        for g in Isometry.rotations {
            let turned = transformed(by: g)
            let key = (base: turned.cells.count { $0.z == 0 }, height: -turned.shape.size.z)
            if key.base > bestKey.base || (key.base == bestKey.base && key.height > bestKey.height) {
                best = turned
                bestKey = key
            }
        }
        return best
    }
}
