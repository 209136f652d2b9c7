/// What a canvas cell shows, for hit testing: nothing, the floor, or a face of one cube of a piece
/// (or a board square / tile in the flat view), or a piece of user interface text.
public enum HitID: Hashable, Sendable {
    case none
    /// A floor (or board) cell at lattice (x, y).
    case floor(x: Int, y: Int)
    /// Face `face` of cube `cube` of piece `piece`.
    case piece(piece: Int, cube: Int, face: Face)
    /// The ghost of the target figure at a lattice cell.
    case ghost(x: Int, y: Int, z: Int, face: Face)
    /// A user interface element (legend entry, button) with an application-defined tag.
    case control(Int)
}
