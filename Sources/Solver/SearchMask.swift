/// The operations the search needs from a set of cells as bits, so that one search serves two
/// widths: `CellMask` (128 bits) and `CellMask64`, used whenever the figure's numbering fits in
/// 64 bits (every catalog figure but the largest boards), where each operation is one
/// instruction instead of two and the hole tests cost half as much.
protocol SearchMask: Equatable, Sendable {
    init(_ mask: CellMask)
    static func | (a: Self, b: Self) -> Self
    static func & (a: Self, b: Self) -> Self
    static prefix func ~ (a: Self) -> Self
    static func << (a: Self, k: Int) -> Self
    static func >> (a: Self, k: Int) -> Self
    var isEmpty: Bool { get }
    var isFull: Bool { get }
    func isDisjoint(with other: Self) -> Bool
    func contains(_ index: Int) -> Bool
    /// The lowest index in the mask.
    var first: Int { get }
    /// The lowest index not in the mask.
    var firstAbsent: Int { get }
    /// The number of cells in the mask.
    var count: Int { get }
    /// True when the search also prunes regions cut off behind a full column
    /// (`SearchEngine.hasCutOffRegion`): a compile-time constant of each mask type.
    static var cutsColumns: Bool { get }
    /// True when the search is a board's (`ExactCover.isBoardSearch`): holes tested before
    /// descending, a window, no passages, two axes; a compile-time constant of each mask type,
    /// so that the board's search tests none of these at its nodes.
    static var isBoard: Bool { get }
    /// The `count` bits from `index` up (below 64), as the low bits of an integer; bits past the
    /// mask's width read as 0.
    func bits(from index: Int, count: Int) -> Int
    /// The window pattern after `cell`: three runs of bits, run `k` starting `runs.offsets.k`
    /// cells after `cell` and `runs.lengths.k` long, packed from bit 0 up (see
    /// `ExactCover.windowRuns`).
    func window(after cell: Int, runs: WindowRuns) -> Int
}

extension SearchMask {
    static var cutsColumns: Bool { false }
    static var isBoard: Bool { false }

    @inline(__always)
    func window(after cell: Int, runs: WindowRuns) -> Int {
        bits(from: cell &+ runs.offsets.0, count: runs.lengths.0)
            | bits(from: cell &+ runs.offsets.1, count: runs.lengths.1) << runs.lengths.0
            | bits(from: cell &+ runs.offsets.2, count: runs.lengths.2) << (runs.lengths.0 &+ runs.lengths.1)
    }
}

extension CellMask: SearchMask {
    init(_ mask: CellMask) { self = mask }

    @inline(__always)
    func bits(from index: Int, count: Int) -> Int {
        let word = index < 64 ? low >> UInt64(index) | (index == 0 ? 0 : high << UInt64(64 - index))
                              : high >> UInt64(index - 64)
        return Int(truncatingIfNeeded: word & ((1 << UInt64(count)) - 1))
    }
}

/// A cell mask in one 64-bit word; see `SearchMask`. Bits 64 and up of the 128-bit mask it is
/// made from must all be set (cells that do not exist count as filled). Two types share the
/// code so that the search is compiled once for each: `CellMask64`, `BoardMask` for boards
/// four cells wide and more, and `NarrowBoardMask` for boards three wide, whose search also
/// prunes regions cut off behind a full column.
protocol WordMask: SearchMask {
    var bits: UInt64 { get }
    init(bits: UInt64)
}

extension WordMask {
    init(_ mask: CellMask) { self.init(bits: mask.low) }

    @inline(__always) static func | (a: Self, b: Self) -> Self { Self(bits: a.bits | b.bits) }
    @inline(__always) static func & (a: Self, b: Self) -> Self { Self(bits: a.bits & b.bits) }
    @inline(__always) static prefix func ~ (a: Self) -> Self { Self(bits: ~a.bits) }
    @inline(__always) static func << (a: Self, k: Int) -> Self { Self(bits: a.bits &<< UInt64(truncatingIfNeeded: k)) }
    @inline(__always) static func >> (a: Self, k: Int) -> Self { Self(bits: a.bits &>> UInt64(truncatingIfNeeded: k)) }
    @inline(__always) var isEmpty: Bool { bits == 0 }
    @inline(__always) var isFull: Bool { bits == ~0 }
    @inline(__always) func isDisjoint(with other: Self) -> Bool { bits & other.bits == 0 }
    @inline(__always) func contains(_ index: Int) -> Bool { bits & (1 &<< UInt64(truncatingIfNeeded: index)) != 0 }
    @inline(__always) var first: Int { bits.trailingZeroBitCount }
    @inline(__always) var firstAbsent: Int { (~bits).trailingZeroBitCount }
    @inline(__always) var count: Int { bits.nonzeroBitCount }
    @inline(__always) func bits(from index: Int, count: Int) -> Int {
        index < 64 ? Int(truncatingIfNeeded: (bits &>> UInt64(index)) & ((1 &<< UInt64(count)) &- 1)) : 0
    }

    /// One variable shift for the whole window; the runs are then at fixed distances (all
    /// offsets are below 64 in a figure of at most 64 cells).
    @inline(__always)
    func window(after cell: Int, runs: WindowRuns) -> Int {
        guard cell < 63 else { return 0 }
        let after = bits &>> UInt64(truncatingIfNeeded: cell &+ 1)
        var pattern = (after &>> UInt64(truncatingIfNeeded: runs.offsets.0 &- 1)) & runs.masks.0
        // Boards up to five wide read one run, wider ones two: the same branch at every node.
        if runs.masks.1 != 0 {
            pattern |= ((after &>> UInt64(truncatingIfNeeded: runs.offsets.1 &- 1)) & runs.masks.1) &<< runs.places.1
            if runs.masks.2 != 0 { pattern |= ((after &>> UInt64(truncatingIfNeeded: runs.offsets.2 &- 1)) & runs.masks.2) &<< runs.places.2 }
        }
        return Int(truncatingIfNeeded: pattern)
    }
}

/// The usual one-word mask.
struct CellMask64: WordMask {
    var bits: UInt64
    @inline(__always) init(bits: UInt64) { self.bits = bits }
}

/// The one-word mask of a board three cells wide (`ExactCover.isNarrowBoard`) whose pieces
/// all have two cells or more: no window, holes tested before descending, two axes.
struct NarrowBoardMask: WordMask {
    var bits: UInt64
    @inline(__always) init(bits: UInt64) { self.bits = bits }
    static var cutsColumns: Bool { true }
}

/// The one-word mask of a board's search (`ExactCover.isBoardSearch`).
struct BoardMask: WordMask {
    var bits: UInt64
    @inline(__always) init(bits: UInt64) { self.bits = bits }
    static var isBoard: Bool { true }
}
