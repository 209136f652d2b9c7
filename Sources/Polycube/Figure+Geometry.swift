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
    ///
    /// Each rotation is judged by the heights of its cells alone, and only the winner is turned:
    /// turning the whole figure (a set of cells, a sort, its marks) for each of the 24 rotations
    /// was a third of reading, setting up and counting yass's 218 figures (callgrind: 637M -> 422M
    /// instructions with `Figure`'s cells sorted without a set).
    func standingOnBroadestBase() -> Figure {
        guard !cells.isEmpty else { return transformed(by: .identity) }
        var best = Isometry.identity
        var bestKey = (base: Int.min, height: Int.min)
        for g in Isometry.rotations {
            // The turned figure's lowest layer (its base) and its height, without turning it.
            var low = Int.max, high = Int.min, base = 0
            for c in cells {
                let z = g.apply(c).z
                if z < low { low = z; base = 1 } else if z == low { base += 1 }
                if z > high { high = z }
            }
            let key = (base: base, height: low - high)
            if key.base > bestKey.base || (key.base == bestKey.base && key.height > bestKey.height) {
                best = g
                bestKey = key
            }
        }
        return transformed(by: best)
    }
}
