/// A set of cells up to translation: stored normalised, so that its smallest x, y and z are 0
/// and its cells are sorted in scan order. Two shapes are equal exactly when one is a translate
/// of the other, which makes `Set<Shape>` the natural way to collect distinct orientations.
public struct Shape: Hashable, Sendable, CustomStringConvertible {
    /// Normalised cells in scan order (see `Cell.<`).
    public let cells: [Cell]

    public init<S: Sequence>(_ cells: S) where S.Element == Cell {
        self.cells = Shape.normalise(Array(cells))
    }

    /// Moved to the origin, sorted, duplicates (side by side once sorted) dropped: what a set's
    /// sorted contents would be, without hashing each cell. Shapes are made for every pose a
    /// reader or the solver tries (a pre-placed piece's canonical form turns it 48 ways), and
    /// hashing was most of that (callgrind, yass's 218 figures read, set up and counted, with the
    /// canonical form below: 422M -> 367M instructions).
    static func normalise(_ cells: [Cell]) -> [Cell] {
        let lo = Bounds(cells).lo
        var moved = cells.map { $0 - lo }
        moved.sort()
        var unique = 0
        for i in moved.indices where i == 0 || moved[i] != moved[unique - 1] {
            moved[unique] = moved[i]
            unique += 1
        }
        moved.removeLast(moved.count - unique)
        return moved
    }

    public var count: Int { cells.count }

    /// The bounding box size (width in x, depth in y, height in z).
    public var size: (x: Int, y: Int, z: Int) {
        var hi = Cell.origin
        for c in cells { hi.x = max(hi.x, c.x); hi.y = max(hi.y, c.y); hi.z = max(hi.z, c.z) }
        return cells.isEmpty ? (0, 0, 0) : (hi.x + 1, hi.y + 1, hi.z + 1)
    }

    public func transformed(by g: Isometry) -> Shape { Shape(cells.map(g.apply)) }

    /// The distinct orientations of this shape under a group of isometries (for example
    /// `Isometry.rotations`), in the order the group lists them.
    public func orientations(under group: [Isometry] = Isometry.rotations) -> [Shape] {
        var seen = Set<Shape>()
        var result: [Shape] = []
        for g in group {
            let s = transformed(by: g)
            if seen.insert(s).inserted { result.append(s) }
        }
        return result
    }

    /// The canonical form: the smallest orientation under the group, so that two shapes are
    /// congruent under the group exactly when their canonical forms are equal.
    ///
    /// The smallest of all the turned shapes, duplicates included, is the same shape: so it is
    /// taken over the group directly, without collecting the distinct orientations in a set.
    public func canonical(under group: [Isometry] = Isometry.rotations) -> Shape {
        var best: Shape?
        for g in group {
            let turned = transformed(by: g)
            if let smallest = best, !turned.cells.lexicographicallyPrecedes(smallest.cells) { continue }
            best = turned
        }
        return best!
    }

    /// The isometries of the group that map this shape onto itself (up to translation).
    func symmetries(under group: [Isometry] = Isometry.all) -> [Isometry] {
        group.filter { transformed(by: $0) == self }
    }

    /// True when all cells are joined face to face.
    public var isConnected: Bool {
        guard let start = cells.first else { return true }
        let all = Set(cells)
        var seen: Set<Cell> = [start]
        var stack = [start]
        while let c = stack.popLast() {
            for n in c.neighbours where all.contains(n) && !seen.contains(n) {
                seen.insert(n); stack.append(n)
            }
        }
        return seen.count == all.count
    }

    public var description: String { "Shape(\(cells.map(\.description).joined(separator: " ")))" }
}
