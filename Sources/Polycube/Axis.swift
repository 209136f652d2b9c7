/// A world axis of the lattice. Turns and the designer's drawing plane name their axis this way
/// rather than by a raw index, so code reads as what it does (`.turn(.z, by: 1)`, `plane.axis
/// == .z`).
public enum Axis: Int, CaseIterable, Hashable, Sendable, Codable {
    case x = 0, y = 1, z = 2

    /// The lattice rotation by `quarterTurns` quarter turns about this axis (counter-clockwise
    /// looking down the axis from its positive end; negative counts turn the other way).
    public func rotation(quarterTurns: Int) -> Isometry {
        var r = Isometry.identity
        for _ in 0..<((quarterTurns % 4 + 4) % 4) { r = r.then(.quarterTurn(about: rawValue)) }
        return r
    }

    /// This axis's coordinate of `cell`.
    public func coordinate(of cell: Cell) -> Int {
        switch self {
        case .x: cell.x
        case .y: cell.y
        case .z: cell.z
        }
    }

    /// The unit step along this axis.
    public var unit: Cell {
        switch self {
        case .x: Cell(1, 0, 0)
        case .y: Cell(0, 1, 0)
        case .z: Cell(0, 0, 1)
        }
    }
}

extension Axis {
    /// The axis and turn direction of a signed unit lattice vector: (+y) is (.y, 1), (-z) is
    /// (.z, -1). A quarter turn "about -z" is a quarter turn about z the other way.
    public static func signed(_ v: Cell) -> (axis: Axis, sign: Int) {
        if v.x != 0 { return (.x, v.x > 0 ? 1 : -1) }
        if v.y != 0 { return (.y, v.y > 0 ? 1 : -1) }
        return (.z, v.z >= 0 ? 1 : -1)
    }
}
