/// What a terminal cell shows, as plain bits: the Unicode scalars of one `Character`, 21 bits
/// each, three to a word. A `Character` in a cell made every copy of the cell a retain and every
/// overwrite a release of its string (a canvas copied, cleared, diffed and presented cell by
/// cell); packed, a `TerminalCell` is copied as bytes: 820,000 instructions fewer in a login's
/// first frame at 100x30 (issue 35).
///
/// Six scalars are kept, the first six of a longer grapheme: ncurses keeps five a cell and
/// draws nothing of a longer one (`setcchar` refuses it), so the terminal shows the same.
public struct CellGlyph: Hashable, Sendable {
    /// Scalars 0-2 at bits 0, 21 and 42; `high` the same for scalars 3-5. A scalar after the
    /// first is never 0 (NUL is always a grapheme of its own), so a 0 ends the scalars.
    private var low: UInt64
    private var high: UInt64

    public init(_ character: Character) {
        var low: UInt64 = 0, high: UInt64 = 0, index: UInt64 = 0
        for scalar in character.unicodeScalars {
            let value = UInt64(scalar.value)
            if index < 3 {
                low |= value << (21 &* index)
            } else if index < 6 {
                high |= value << (21 &* (index &- 3))
            } else {
                break
            }
            index &+= 1
        }
        self.low = low
        self.high = high
    }

    /// The glyph of an ASCII byte (below 0x80), as `init(_:)` packs its character.
    @inline(__always)
    init(ascii byte: UInt8) {
        low = UInt64(byte)
        high = 0
    }

    /// The scalar's value when the glyph is one scalar (nearly every cell), else nil: what the
    /// presenter hands ncurses without making a `Character` first (issue 35).
    public var singleScalarValue: UInt32? {
        low >> 21 == 0 ? UInt32(truncatingIfNeeded: low) : nil
    }

    /// The character again: the one packed, or the first six scalars of a longer one.
    public var character: Character {
        if let value = singleScalarValue {
            // One scalar, nearly every cell: ascii, box drawing and blocks, and the sextants read
            // from tables (a `Character` made from a scalar costs a string's making, 150
            // instructions a cell).
            if value < 0x80 { return Self.ascii[Int(value)] }
            if value &- 0x2500 < 0xA0 { return Self.boxesAndBlocks[Int(value &- 0x2500)] }
            if value &- 0x1FB00 < 0x40 { return Self.legacyComputing[Int(value &- 0x1FB00)] }
            return Character(Unicode.Scalar(value) ?? " ")
        }
        var scalars = String.UnicodeScalarView()
        for index in 0..<6 {
            let word = index < 3 ? low : high
            let value = UInt32(truncatingIfNeeded: (word >> (21 * UInt64(index % 3))) & 0x1F_FFFF)
            if index > 0 && value == 0 { break }
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        let text = String(scalars)
        // A grapheme's first scalars are one grapheme; checked rather than trusted.
        return text.count == 1 ? Character(text) : Character(text.unicodeScalars.first ?? " ")
    }

    /// A space: what a blank cell shows.
    public static let space = CellGlyph(" ")

    /// The characters of U+0000-U+007F, U+2500-U+259F (box drawing, block elements) and
    /// U+1FB00-U+1FB3F (the sextants), each table made when first read.
    private static let ascii = characters(0..<0x80)
    private static let boxesAndBlocks = characters(0x2500..<0x25A0)
    private static let legacyComputing = characters(0x1FB00..<0x1FB40)

    private static func characters(_ values: Range<UInt32>) -> [Character] {
        values.map { Character(Unicode.Scalar($0) ?? " ") }
    }
}
