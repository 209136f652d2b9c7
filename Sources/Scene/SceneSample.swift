/// One sample of the rasterizer's picture, before it becomes terminal cells: what was drawn
/// there (the nearest thing so far), its depth, its hit id, and how to shade it. An ascii cell
/// holds one sample; a half-block cell two, one above the other.
struct SceneSample: Sendable {
    enum Layer: UInt8, Sendable { case empty, floor, ghost, piece }

    /// The line character an edge sample is drawn with in ascii, chosen by the edge's direction.
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

    // Kept small (28 bytes): the sample grid is cleared and filled for every frame. The hit id
    // is stored as its parts and assembled only for the samples that reach the canvas.
    var depth: Float = .infinity
    /// Light on the face, 0...1.
    var intensity: Float = 0
    /// Piece id, cube index (piece layer) or x, y, z (ghost and floor layers).
    var a: Int32 = 0, b: Int32 = 0, c: Int32 = 0
    /// Index of the piece in the model (piece layer only).
    var source: Int16 = -1
    var face: UInt8 = 0
    var layer: Layer = .empty
    var edge: Edge = .none
    /// Invalid pieces: part of the red hatching; floor: in a piece's shadow.
    var marked: Bool = false

    static let empty = SceneSample()

    init() {}

    /// A sample showing `id`.
    init(id: HitID, layer: Layer, intensity: Float, source: Int = -1) {
        self.layer = layer
        self.intensity = intensity
        self.source = Int16(truncatingIfNeeded: source)
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
