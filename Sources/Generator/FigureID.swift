import Polycube

/// A figure's short, typeable name, the same for all 48 images of its shape (24 rotations,
/// each with its mirror image): `g-7f3a2c`. Two players who generated the same shape see the
/// same id, and `soma play g-7f3a2c` finds it again.
///
/// Derived from the canonical form: of the 48 images, each moved so that its smallest x, y and
/// z are 0 and its cells sorted (`Shape`), the least in lexicographic order of cells. That
/// form's cells, as bytes, are hashed with 64-bit FNV-1a and the top 24 bits written in hex: 16
/// million ids, so two of a few thousand figures share one with a chance well under one in
/// ten. The id names a shape to a person; the figure file remains what defines it.
public struct FigureID: Hashable, Sendable, CustomStringConvertible, Comparable {
    /// `g-` and six lower-case hex digits.
    public let text: String

    /// The id of the shape `cells` make, whatever its pose.
    public init(cells: some Sequence<Cell>) {
        let canonical = FigureID.canonicalForm(Array(cells))
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for cell in canonical {
            for value in [cell.x, cell.y, cell.z] {
                hash ^= UInt64(truncatingIfNeeded: value) & 0xFF
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        let hex = String(hash >> 40, radix: 16)
        text = "g-" + String(repeating: "0", count: 6 - hex.count) + hex
    }

    /// The id of the figure's cells (its name and pieces play no part).
    public init(_ figure: Figure) { self.init(cells: figure.cells) }

    /// An id as typed, when it has the form of one (`g-` and six hex digits, any case).
    public init?(parsing word: String) {
        let lower = word.lowercased()
        guard lower.count == 8, lower.hasPrefix("g-"),
              lower.dropFirst(2).allSatisfy({ $0.isHexDigit && $0.isASCII }) else { return nil }
        text = lower
    }

    /// The least of the shape's 48 normalised images.
    public static func canonicalForm(_ cells: [Cell]) -> [Cell] {
        var best: [Cell]?
        for g in Isometry.all {
            let image = Shape(cells.map(g.apply)).cells
            if let current = best, !image.lexicographicallyPrecedes(current) { continue }
            best = image
        }
        return best ?? []
    }

    public var description: String { text }

    public static func < (a: FigureID, b: FigureID) -> Bool { a.text < b.text }
}
