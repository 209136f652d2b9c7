import Polycube

/// A `Placement` in a form JSON can hold and a person can read: the orientation as three signed
/// axis codes, one per image axis, naming the source axis (1 = x, 2 = y, 3 = z) and its sign, so
/// `[1, 2, 3]` is the identity and `[1, -3, 2]` the quarter turn about x; the offset as `[x, y, z]`.
public struct SavedPose: Codable, Hashable, Sendable {
    public var piece: String
    public var orientation: [Int]
    public var offset: [Int]

    public init(_ placement: Placement) {
        piece = String(placement.piece)
        let o = placement.orientation
        orientation = [(o.axis.0 + 1) * o.sign.0, (o.axis.1 + 1) * o.sign.1, (o.axis.2 + 1) * o.sign.2]
        offset = [placement.offset.x, placement.offset.y, placement.offset.z]
    }

    /// The placement, or nil when the stored values do not describe one (a damaged file).
    public var placement: Placement? {
        guard piece.count == 1, let letter = piece.first, orientation.count == 3, offset.count == 3,
              // Listed, not `abs`: `abs(Int.min)` traps, and a file can hold -2^63.
              orientation.allSatisfy({ [-3, -2, -1, 1, 2, 3].contains($0) }),
              Set(orientation.map { $0 < 0 ? -$0 : $0 }).count == 3 else { return nil }
        let axis = orientation.map { ($0 < 0 ? -$0 : $0) - 1 }, sign = orientation.map { $0 > 0 ? 1 : -1 }
        return Placement(piece: letter,
                         orientation: Isometry(axis: (axis[0], axis[1], axis[2]), sign: (sign[0], sign[1], sign[2])),
                         offset: Cell(offset[0], offset[1], offset[2]))
    }
}
