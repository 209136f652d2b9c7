/// One of the 48 isometries of the cubic lattice that fix the origin: a permutation of the three
/// axes combined with a sign for each. The 24 with determinant +1 are the rotations; the other
/// 24 are rotations composed with a mirror.
///
/// Stored as three small integers so applying one to a cell is three lookups and no multiplication
/// by a matrix: pieces are turned millions of times while placements are generated and while the
/// game previews a turn.
public struct Isometry: Hashable, Sendable, CustomStringConvertible {
    /// `axis[i]` is the source axis (0 = x, 1 = y, 2 = z) that ends up on axis `i`.
    public let axis: (Int, Int, Int)
    /// `sign[i]` is +1 or -1, applied after the permutation.
    public let sign: (Int, Int, Int)

    public init(axis: (Int, Int, Int), sign: (Int, Int, Int)) {
        precondition((0..<3).contains(axis.0) && (0..<3).contains(axis.1) && (0..<3).contains(axis.2)
                     && axis.0 != axis.1 && axis.1 != axis.2 && axis.0 != axis.2, "axis must be a permutation")
        precondition(abs(sign.0) == 1 && abs(sign.1) == 1 && abs(sign.2) == 1, "signs are ±1")
        self.axis = axis
        self.sign = sign
    }

    public static let identity = Isometry(axis: (0, 1, 2), sign: (1, 1, 1))

    /// A quarter turn (90 degrees, counter-clockwise looking down the axis from its positive end).
    public static let quarterTurnX = Isometry(axis: (0, 2, 1), sign: (1, -1, 1))
    public static let quarterTurnY = Isometry(axis: (2, 1, 0), sign: (1, 1, -1))
    public static let quarterTurnZ = Isometry(axis: (1, 0, 2), sign: (-1, 1, 1))
    /// The mirror `x -> -x`.
    public static let mirrorX = Isometry(axis: (0, 1, 2), sign: (-1, 1, 1))

    /// The quarter turn about axis 0, 1 or 2.
    public static func quarterTurn(about axis: Int) -> Isometry {
        [quarterTurnX, quarterTurnY, quarterTurnZ][axis]
    }

    @inlinable
    public func apply(_ c: Cell) -> Cell {
        let v = (c.x, c.y, c.z)
        func pick(_ i: Int) -> Int { i == 0 ? v.0 : (i == 1 ? v.1 : v.2) }
        return Cell(sign.0 * pick(axis.0), sign.1 * pick(axis.1), sign.2 * pick(axis.2))
    }

    /// `a.then(b)` applies `a` first, then `b`.
    public func then(_ b: Isometry) -> Isometry {
        let m = b.matrix * matrix
        return Isometry(matrix: m)
    }

    public var inverse: Isometry {
        let m = matrix
        return Isometry(matrix: [[m[0][0], m[1][0], m[2][0]],
                                 [m[0][1], m[1][1], m[2][1]],
                                 [m[0][2], m[1][2], m[2][2]]])
    }

    /// The 3x3 integer matrix, rows = image axes.
    public var matrix: [[Int]] {
        var m = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
        m[0][axis.0] = sign.0
        m[1][axis.1] = sign.1
        m[2][axis.2] = sign.2
        return m
    }

    init(matrix m: [[Int]]) {
        func col(_ row: [Int]) -> (Int, Int) {
            let i = row.firstIndex { $0 != 0 }!
            return (i, row[i])
        }
        let r0 = col(m[0]), r1 = col(m[1]), r2 = col(m[2])
        self.init(axis: (r0.0, r1.0, r2.0), sign: (r0.1, r1.1, r2.1))
    }

    public var determinant: Int {
        // A signed permutation matrix: the permutation's parity times the signs. Cheap, since
        // setting up a solver asks it of every isometry.
        let inversions = (axis.0 > axis.1 ? 1 : 0) + (axis.0 > axis.2 ? 1 : 0) + (axis.1 > axis.2 ? 1 : 0)
        return (inversions % 2 == 0 ? 1 : -1) * sign.0 * sign.1 * sign.2
    }

    public var isRotation: Bool { determinant == 1 }

    /// All 48 lattice isometries, rotations first (identity first), in a fixed order.
    public static let all: [Isometry] = {
        let perms = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
        var result: [Isometry] = []
        for p in perms {
            for s in 0..<8 {
                let sign = ((s & 1) == 0 ? 1 : -1, (s & 2) == 0 ? 1 : -1, (s & 4) == 0 ? 1 : -1)
                result.append(Isometry(axis: p, sign: sign))
            }
        }
        let rotations = result.filter(\.isRotation)
        let mirrors = result.filter { !$0.isRotation }
        return rotations + mirrors
    }()

    /// The 24 proper rotations, identity first.
    public static let rotations: [Isometry] = Array(all.prefix(24))

    /// The 8 isometries that keep the z axis vertical and the xy plane flat, including the
    /// mirrors: the symmetries a flat board (pentominoes) may use.
    public static let planar: [Isometry] = all.filter { $0.axis.2 == 2 && $0.sign.2 == 1 }

    public static func == (a: Isometry, b: Isometry) -> Bool {
        a.axis == b.axis && a.sign == b.sign
    }

    public func hash(into h: inout Hasher) {
        h.combine(axis.0); h.combine(axis.1); h.combine(axis.2)
        h.combine(sign.0); h.combine(sign.1); h.combine(sign.2)
    }

    public var description: String {
        let names = ["x", "y", "z"]
        func term(_ i: Int, _ s: Int) -> String { (s < 0 ? "-" : "") + names[i] }
        return "(\(term(axis.0, sign.0)),\(term(axis.1, sign.1)),\(term(axis.2, sign.2)))"
    }
}

private func * (a: [[Int]], b: [[Int]]) -> [[Int]] {
    var r = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
    for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { r[i][j] += a[i][k] * b[k][j] } } }
    return r
}
