import Polycube
import Solver

/// The rule for a figure a person can build on a table, one piece at a time: there is an order
/// of the pieces of a solution in which each piece, when it is put down, **rests on the floor
/// or on a piece already there**, that is, at least one of its cubes stands on the floor
/// (the figure's lowest layer) or directly on a cube of a piece placed before it. A cube with
/// nothing under it is then held by its piece, as a wooden piece holds its overhang. The
/// figure's cubes also form one body, face to face.
///
/// Checked greedily: putting a piece down never makes another piece harder to put down, so
/// placing any piece that can go down until none is left finds an order whenever there is one.
public enum Buildability {
    /// True when the pieces of `solution` can be put down in some order by the rule.
    public static func isBuildable(_ solution: Solution) -> Bool {
        buildOrder(solution.pieces.map(\.cells)) != nil
    }

    /// An order (indices into `pieces`) in which every piece rests on the floor or on pieces
    /// before it, or nil when there is none.
    public static func buildOrder(_ pieces: [[Cell]]) -> [Int]? {
        guard let floor = pieces.joined().map(\.z).min() else { return [] }
        var placed = Set<Cell>()
        var left = Array(pieces.indices)
        var order: [Int] = []
        while !left.isEmpty {
            guard let next = left.firstIndex(where: { i in
                pieces[i].contains { $0.z == floor || placed.contains(Cell($0.x, $0.y, $0.z - 1)) }
            }) else { return nil }
            let piece = left.remove(at: next)
            order.append(piece)
            placed.formUnion(pieces[piece])
        }
        return order
    }
}
