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
