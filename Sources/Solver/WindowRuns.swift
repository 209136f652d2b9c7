/// The window a search reads after its anchor cell (see `ExactCover.windowRuns`), as the hot
/// loop wants it: three runs of bits, each with its shift, its mask and its place in the
/// pattern worked out once per search rather than at every node (on a 6x10 board reading the
/// window was a seventh of the search's instructions).
struct WindowRuns: Sendable {
    /// Run `k` covers the cells `anchor + offsets.k ..< anchor + offsets.k + lengths.k`.
    let offsets: (Int, Int, Int)
    let lengths: (Int, Int, Int)
    /// `(1 << lengths.k) - 1`.
    let masks: (UInt64, UInt64, UInt64)
    /// Where run `k` lands in the pattern: the lengths of the runs before it.
    let places: (UInt64, UInt64, UInt64)

    /// Up to three runs `(offset, length)`; missing ones are empty, with offset 1 so that the
    /// shifts stay in range.
    init(_ runs: [(offset: Int, length: Int)]) {
        let all = runs + Array(repeating: (offset: 1, length: 0), count: max(0, 3 - runs.count))
        offsets = (all[0].offset, all[1].offset, all[2].offset)
        lengths = (all[0].length, all[1].length, all[2].length)
        masks = ((1 << UInt64(all[0].length)) - 1, (1 << UInt64(all[1].length)) - 1, (1 << UInt64(all[2].length)) - 1)
        places = (0, UInt64(all[0].length), UInt64(all[0].length + all[1].length))
    }
}
