/// A set of figure cells as a 128-bit mask: bit `i` stands for the cell with index `i` in the
/// solver's cell order.
///
/// Why a fixed pair of words instead of a `Set` or an array of words: the search tests whether a
/// placement fits with one AND per word and no allocation, which is what makes it fast; 128 bits
/// cover every figure of the catalog (the largest, the Bedlam cube, has 64 cells).
struct CellMask: Hashable, Sendable {
    var low: UInt64
    var high: UInt64

    static let capacity = 128

    @inline(__always)
    init(low: UInt64 = 0, high: UInt64 = 0) {
        self.low = low
        self.high = high
    }

    static let empty = CellMask()
    static let full = CellMask(low: ~0, high: ~0)

    /// The mask holding the given cell indices (each below `capacity`).
    init(indices: some Sequence<Int>) {
        self.init()
        for i in indices { insert(i) }
    }

    /// The mask of the cells `0..<count`.
    static func first(_ count: Int) -> CellMask {
        var mask = CellMask()
        for i in 0..<count { mask.insert(i) }
        return mask
    }

    @inline(__always)
    mutating func insert(_ index: Int) {
        if index < 64 { low |= 1 << UInt64(index) } else { high |= 1 << UInt64(index - 64) }
    }

    @inline(__always)
    func contains(_ index: Int) -> Bool {
        index < 64 ? low & (1 << UInt64(index)) != 0 : high & (1 << UInt64(index - 64)) != 0
    }

    @inline(__always)
    var isEmpty: Bool { low == 0 && high == 0 }

    @inline(__always)
    var isFull: Bool { low == ~0 && high == ~0 }

    /// True when this mask's cells come earlier in the cell order than `other`'s, compared
    /// from the last cell of each: the smaller number, read as a 128-bit integer.
    func comesBefore(_ other: CellMask) -> Bool { high != other.high ? high < other.high : low < other.low }

    @inline(__always)
    func isDisjoint(with other: CellMask) -> Bool { (low & other.low) | (high & other.high) == 0 }

    @inline(__always)
    static func | (a: CellMask, b: CellMask) -> CellMask { CellMask(low: a.low | b.low, high: a.high | b.high) }

    @inline(__always)
    static func & (a: CellMask, b: CellMask) -> CellMask { CellMask(low: a.low & b.low, high: a.high & b.high) }

    /// Moves every bit `k` places up (towards higher indices); `0 < k < 128`, else wrong.
    @inline(__always)
    static func << (a: CellMask, k: Int) -> CellMask {
        k < 64
            ? CellMask(low: a.low &<< UInt64(truncatingIfNeeded: k), high: a.high &<< UInt64(truncatingIfNeeded: k) | a.low &>> UInt64(truncatingIfNeeded: 64 - k))
            : CellMask(low: 0, high: a.low &<< UInt64(truncatingIfNeeded: k - 64))
    }

    /// Moves every bit `k` places down (towards lower indices); `0 < k < 128`, else wrong.
    @inline(__always)
    static func >> (a: CellMask, k: Int) -> CellMask {
        k < 64
            ? CellMask(low: a.low &>> UInt64(truncatingIfNeeded: k) | a.high &<< UInt64(truncatingIfNeeded: 64 - k), high: a.high &>> UInt64(truncatingIfNeeded: k))
            : CellMask(low: a.high &>> UInt64(truncatingIfNeeded: k - 64), high: 0)
    }

    @inline(__always)
    static prefix func ~ (a: CellMask) -> CellMask { CellMask(low: ~a.low, high: ~a.high) }

    /// The index of the lowest cell not in the mask (the first empty cell in scan order), or
    /// `capacity` when the mask is full.
    @inline(__always)
    var firstAbsent: Int {
        low != ~0 ? (~low).trailingZeroBitCount : 64 + (~high).trailingZeroBitCount
    }

    /// The index of the lowest cell in the mask, or `capacity` when it is empty.
    @inline(__always)
    var first: Int {
        low != 0 ? low.trailingZeroBitCount : 64 + high.trailingZeroBitCount
    }

    var count: Int { low.nonzeroBitCount + high.nonzeroBitCount }

    /// The indices in the mask, in increasing order.
    var indices: [Int] {
        var result: [Int] = []
        result.reserveCapacity(count)
        var word = low
        while word != 0 { result.append(word.trailingZeroBitCount); word &= word - 1 }
        word = high
        while word != 0 { result.append(64 + word.trailingZeroBitCount); word &= word - 1 }
        return result
    }

    /// Calls `body` with each index in the mask, in increasing order, without building an
    /// array (the solver walks options' cells at every solution it checks).
    @inline(__always)
    func forEachIndex(_ body: (Int) -> Void) {
        var word = low
        while word != 0 { body(word.trailingZeroBitCount); word &= word &- 1 }
        word = high
        while word != 0 { body(64 &+ word.trailingZeroBitCount); word &= word &- 1 }
    }
}
