/// A lattice position: one unit cube's place in space.
///
/// Integer coordinates with `z` up, as everywhere in soma (see docs/conventions.md "Coordinates").
/// A cell is a small value type so sets of cells (shapes, figures) stay cheap to hash and compare.
public struct Cell: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var z: Int

    @inlinable
    public init(_ x: Int, _ y: Int, _ z: Int = 0) {
        self.x = x
        self.y = y
        self.z = z
    }

    public static let origin = Cell(0, 0, 0)

    /// Scan order: layer by layer from the bottom, then rows, then columns. Solvers and writers
    /// rely on this order being stable, so it is part of the type's contract.
    @inlinable
    public static func < (a: Cell, b: Cell) -> Bool {
        if a.z != b.z { return a.z < b.z }
        if a.y != b.y { return a.y < b.y }
        return a.x < b.x
    }

    @inlinable
    public static func + (a: Cell, b: Cell) -> Cell { Cell(a.x + b.x, a.y + b.y, a.z + b.z) }

    @inlinable
    public static func - (a: Cell, b: Cell) -> Cell { Cell(a.x - b.x, a.y - b.y, a.z - b.z) }

    /// The six face neighbours, in a fixed order (+x, -x, +y, -y, +z, -z).
    public var neighbours: [Cell] {
        [Cell(x + 1, y, z), Cell(x - 1, y, z), Cell(x, y + 1, z),
         Cell(x, y - 1, z), Cell(x, y, z + 1), Cell(x, y, z - 1)]
    }

    public var description: String { "(\(x),\(y),\(z))" }
}
