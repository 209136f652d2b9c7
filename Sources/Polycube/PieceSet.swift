/// A set of pieces and the group of isometries a piece may be placed in.
///
/// `orientationGroup` decides whether a piece may be mirrored: Soma pieces are solid and may only
/// be rotated (so A and B are different pieces), flat pentominoes may be turned over (the 8
/// planar isometries), solid pentominoes are rotated in space (24 rotations, which turn a flat
/// piece over anyway).
public struct PieceSet: Hashable, Sendable {
    public var name: String
    public var pieces: [Piece]
    public var orientationGroup: [Isometry]
    /// True when the pieces lie flat on a board (z = 0) and figures are boards.
    public var isFlat: Bool

    init(name: String, pieces: [Piece], orientationGroup: [Isometry], isFlat: Bool) {
        self.name = name
        self.pieces = pieces
        self.orientationGroup = orientationGroup
        self.isFlat = isFlat
    }

    /// Total number of cells of all pieces, copies included.
    public var cellCount: Int { pieces.reduce(0) { $0 + $1.shape.count * $1.copies } }

    public func piece(_ letter: Character) -> Piece? {
        pieces.first { $0.letter == letter }
    }

    public static func == (a: PieceSet, b: PieceSet) -> Bool {
        a.name == b.name && a.pieces == b.pieces && a.orientationGroup == b.orientationGroup && a.isFlat == b.isFlat
    }

    public func hash(into h: inout Hasher) {
        h.combine(name); h.combine(pieces); h.combine(isFlat)
    }
}

extension PieceSet {
    /// Parses rows of `#`/`.` drawn as seen from above (first row = largest y) into a flat shape.
    /// The rows are ASCII, read by their bytes: a grapheme breaker per character made the
    /// pentomino set most of reading a board's file (issue 37, `soma solve 3x20`).
    static func flat(_ rows: [String]) -> Shape {
        // Room for every cell at once: growing by appends was half of making the pentominoes,
        // which `soma solve 3x20` does (issue 37).
        var cells: [Cell] = []
        cells.reserveCapacity(rows.reduce(0) { $0 + $1.utf8.count })
        for (r, row) in rows.enumerated() {
            for (x, byte) in row.utf8.enumerated() where byte == UInt8(ascii: "#") {
                cells.append(Cell(x, rows.count - 1 - r, 0))
            }
        }
        return Shape(cells)
    }

    /// Piet Hein's seven Soma pieces, numbered 1-7 and lettered V L T Z A B P.
    /// V has three cubes, the others four; A and B are mirror images of each other.
    public static let soma = PieceSet(
        name: "soma",
        pieces: [
            Piece(name: "V", letter: "V", shape: Shape([Cell(0, 0, 0), Cell(1, 0, 0), Cell(0, 1, 0)])),
            Piece(name: "L", letter: "L", shape: Shape([Cell(0, 0, 0), Cell(1, 0, 0), Cell(2, 0, 0), Cell(0, 1, 0)])),
            Piece(name: "T", letter: "T", shape: Shape([Cell(0, 0, 0), Cell(1, 0, 0), Cell(2, 0, 0), Cell(1, 1, 0)])),
            Piece(name: "Z", letter: "Z", shape: Shape([Cell(0, 0, 0), Cell(1, 0, 0), Cell(1, 1, 0), Cell(2, 1, 0)])),
            Piece(name: "A", letter: "A", shape: Shape([Cell(0, 0, 0), Cell(1, 0, 0), Cell(0, 1, 0), Cell(0, 1, 1)])),
            Piece(name: "B", letter: "B", shape: Shape([Cell(0, 0, 0), Cell(1, 0, 0), Cell(0, 1, 0), Cell(1, 0, 1)])),
            Piece(name: "P", letter: "P", shape: Shape([Cell(0, 0, 0), Cell(1, 0, 0), Cell(0, 1, 0), Cell(0, 0, 1)])),
        ],
        orientationGroup: Isometry.rotations,
        isFlat: false)

    static let pentominoRows: [(Character, [String])] = [
        ("F", [".##", "##.", ".#."]),
        ("I", ["#####"]),
        ("L", ["####", "#..."]),
        ("N", ["##..", ".###"]),
        ("P", ["##", "##", "#."]),
        ("T", ["###", ".#.", ".#."]),
        ("U", ["#.#", "###"]),
        ("V", ["#..", "#..", "###"]),
        ("W", ["#..", "##.", ".##"]),
        ("X", [".#.", "###", ".#."]),
        ("Y", ["####", ".#.."]),
        ("Z", ["##.", ".#.", ".##"]),
    ]

    /// The twelve pentominoes F I L N P T U V W X Y Z, flat, which may be turned over.
    public static let pentominoes = PieceSet(
        name: "pentominoes",
        pieces: pentominoRows.map { Piece(name: String($0.0), letter: $0.0, shape: flat($0.1)) },
        orientationGroup: Isometry.planar,
        isFlat: true)

    /// The same twelve shapes as solid pieces, rotated in space.
    public static let solidPentominoes = PieceSet(
        name: "solid-pentominoes",
        pieces: pentominoRows.map { Piece(name: String($0.0), letter: $0.0, shape: flat($0.1)) },
        orientationGroup: Isometry.rotations,
        isFlat: false)
}
