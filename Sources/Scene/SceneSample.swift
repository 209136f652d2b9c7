/// One sample of the rasterizer's picture, before it becomes terminal cells: what was drawn
/// there (the nearest thing so far), its depth, and how it looks. An ascii cell holds one
/// sample; a half-block cell two, one above the other.
///
/// Kept small (12 bytes), as the sample grid is cleared and filled for every frame: the hit id
/// is kept once per face by the rasterizer and a sample holds only its index, and the look is an
/// index into the frame's `LookTable`, chosen per face rather than per sample. An empty sample is
/// all zero bits, so the grid is cleared like plain memory.
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

    /// Distance from the camera; meaningless (zero) while the sample is empty, as the layer is
    /// always compared first.
    var depth: Float = 0
    /// Index of the face drawn here into the rasterizer's `ids`; 0 (no id) when empty.
    var face: UInt32 = 0
    /// Index into the frame's `LookTable`; 0 is empty.
    var look: UInt16 = 0
    var layer: Layer = .empty
    /// The ghost's edge is drawn over this sample (see `Rasterizer.fill(_:overlayingEdges:)`):
    /// a half-block cell then takes its hit id from its other half when that shows a piece of
    /// its own. In the byte the layout left free, so the sample stays 12 bytes.
    var wired = false
}
