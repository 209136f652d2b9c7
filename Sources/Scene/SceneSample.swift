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

    var depth: Float = .infinity
    var id: HitID = .none
    var layer: Layer = .empty
    var edge: Edge = .none
    /// Light on the face, 0...1.
    var intensity: Float = 0
    /// Index of the piece in the model (piece layer only).
    var source: Int32 = -1
    /// Invalid pieces: part of the red hatching; floor: in a piece's shadow.
    var marked: Bool = false

    static let empty = SceneSample()
}
