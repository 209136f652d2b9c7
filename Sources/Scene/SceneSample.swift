/// One sample of the rasterizer's picture, before it becomes terminal cells: what was drawn
/// there (the nearest thing so far), its depth, its hit id, and how it looks. An ascii cell holds
/// one sample; a half-block cell two, one above the other.
///
/// Kept small (20 bytes), as the sample grid is cleared and filled for every frame: the hit id
/// is stored as its parts and assembled only for the samples that reach the canvas, and the look
/// is an index into the frame's `LookTable`, chosen per face rather than per sample.
struct SceneSample: Sendable {
    enum Layer: UInt8, Sendable { case empty, floor, ghost, piece }

    /// The direction of an edge on screen, which picks its ascii line character.
    enum Edge: UInt8, Sendable {
        case none, horizontal, vertical, rising, falling

        var glyph: Character {
            switch self {
            case .none: " "
            case .horizontal: "-"
            case .vertical: "|"
            case .rising: "/"
            case .falling: "\\"
            }
        }
    }

    var depth: Float = .infinity
    /// Piece id, cube index (piece layer) or x, y, z (ghost and floor layers).
    var a: Int32 = 0, b: Int32 = 0, c: Int32 = 0
    /// Index into the frame's `LookTable`; 0 is empty.
    var look: UInt16 = 0
    var face: UInt8 = 0
    var layer: Layer = .empty

    static let empty = SceneSample()

    init() {}

    /// A sample showing `id` in `layer`.
    init(id: HitID, layer: Layer) {
        self.layer = layer
        switch id {
        case let .floor(x, y):
            a = Int32(truncatingIfNeeded: x); b = Int32(truncatingIfNeeded: y)
        case let .ghost(x, y, z, f):
            a = Int32(truncatingIfNeeded: x); b = Int32(truncatingIfNeeded: y); c = Int32(truncatingIfNeeded: z)
            face = UInt8(truncatingIfNeeded: f)
        case let .piece(piece, cube, f):
            a = Int32(truncatingIfNeeded: piece); b = Int32(truncatingIfNeeded: cube)
            face = UInt8(truncatingIfNeeded: f)
        case .none, .control:
            break
        }
    }

    var id: HitID {
        switch layer {
        case .empty: .none
        case .floor: .floor(x: Int(a), y: Int(b))
        case .ghost: .ghost(x: Int(a), y: Int(b), z: Int(c), face: Int(face))
        case .piece: .piece(piece: Int(a), cube: Int(b), face: Int(face))
        }
    }
}
