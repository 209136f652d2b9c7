/// Moving and turning whole figures, and the symmetry of their cell sets.
extension Figure {
    /// The cell set up to translation.
    var shape: Shape { Shape(cells) }

    /// The figure turned by `g`, pre-placed pieces included, moved so that its smallest x, y
    /// and z are 0.
    func transformed(by g: Isometry) -> Figure {
        let moved = normalising(cells.map(g.apply), preplaced.map { ($0.letter, $0.cells.map(g.apply)) })
        return Figure(name: name, cells: moved.cells, pieceSet: pieceSet, preplaced: moved.groups)
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
