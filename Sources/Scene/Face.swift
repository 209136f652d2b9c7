import Polycube

/// A face of a unit cube, named by the way it faces in the lattice as a map seen from above:
/// x grows east, y north, z up. Hit testing reports it (`HitID.piece`, `HitID.ghost`), so code
/// that asks "which face was clicked" reads `.top` rather than a number.
///
/// The order (+x, -x, +y, -y, +z, -z) is that of `Cell.neighbours` and of the geometry in
/// `CubeFace.all`, so `rawValue / 2` is the axis a face lies across.
public enum Face: Int, CaseIterable, Hashable, Sendable {
    case east, west, north, south, top, bottom

    /// The outward normal: the step from the cube to its neighbour across this face.
    public var normal: Cell { geometry.normal }

    /// The lattice axis the face lies across: 0 for x (east, west), 1 for y, 2 for z.
    public var axis: Int { rawValue / 2 }

    /// Where the face lies on the unit cube and the edges that span it.
    var geometry: CubeFace { CubeFace.all[rawValue] }
}
