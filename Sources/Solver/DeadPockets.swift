import Polycube

/// Options the search can leave out: those that, placed on the cells filled from the start,
/// wall in a *pocket* of free cells whose size no choice of the pieces adds up to (a corner
/// cut off, two cells at the end of a board). No solution holds such an option, so the
/// search's lists drop it; `ExactCover.masks` keep every option, because the game checks the
/// player's positions against them.
///
/// Measured (callgrind, count on one thread, window lists only): 6x10 284M -> 261M
/// instructions, 5x12 132M -> 123M, 8x8 with its centre hole 44.4M -> 40.7M, 4x15 32.2M ->
/// 31.6M; on 3x20 and the 2x3x10 slab it costs a little more than it saves (0.1M and 0.8M),
/// kept for one rule everywhere.
enum DeadPockets {
    /// Per option, true when placing it on the cells filled from the start walls in a pocket
    /// of free cells whose size no choice of the pieces adds up to (a corner cut off, two
    /// cells at the end of a board). Pockets are grown from the option's free neighbours a few
    /// steps at most, so only small ones are found, at a few hundred instructions an option.
    static func options(_ masks: [CellMask], layout: CellLayout, filled: CellMask, remaining: [Int],
                        pieces: [Piece]) -> [Bool] {
        let directions = layout.directions
        guard !directions.isEmpty else { return [Bool](repeating: false, count: masks.count) }
        let free = ~filled
        let total = free.count
        var sums = [Bool](repeating: false, count: total + 1)
        sums[0] = true
        for (p, piece) in pieces.enumerated() {
            for _ in 0..<remaining[p] where piece.shape.count <= total {
                let size = piece.shape.count
                for t in stride(from: total, through: size, by: -1) where sums[t - size] { sums[t] = true }
            }
        }
        // In one word, the three axes spelled out, when the numbering fits it (every board
        // here): a fifth of the instructions of the generic loop over two-word masks.
        if layout.slots.count <= 64 && directions.count <= 3 {
            var sizes: UInt64 = 0
            for n in 0..<min(sums.count, 64) where sums[n] { sizes |= 1 << UInt64(n) }
            let axes = directions.map { (step: UInt64($0.step), up: $0.canStepUp.low, down: $0.canStepDown.low) }
                + Array(repeating: (step: UInt64(0), up: UInt64(0), down: UInt64(0)), count: 3 - directions.count)
            // The cells on the box's faces, which a piece can wall a pocket in against.
            let box = layout.slots.count == 64 ? ~UInt64(0) : (1 << UInt64(layout.slots.count)) - 1
            let faces = directions.reduce(UInt64(0)) { $0 | ~$1.canStepUp.low | ~$1.canStepDown.low } & box
            let space = Space(steps: (axes[0].step, axes[1].step, axes[2].step), up: (axes[0].up, axes[1].up, axes[2].up),
                              down: (axes[0].down, axes[1].down, axes[2].down), faces: faces)
            return masks.map { space.pockets(mask: $0.low, free: free.low, sizes: sizes) }
        }
        let steps = directions.map { (step: $0.step, up: $0.canStepUp, down: $0.canStepDown) }
        return masks.map { pockets(mask: $0, free: free, sums: sums, steps: steps) }
    }

    /// True when `mask` walls in, among the `free` cells, a pocket whose size `sums` rules out.
    private static func pockets<M: PocketMask>(mask: M, free: M, sums: [Bool],
                                               steps: [(step: M.Step, up: M, down: M)]) -> Bool {
        /// The cells one step from `m` along any axis.
        func around(_ m: M) -> M {
            var r = M.none
            for d in steps { r = r.union(m.intersection(d.up).up(d.step)).union(m.intersection(d.down).down(d.step)) }
            return r
        }
        let empty = free.subtracting(mask)
        var seeds = around(mask).intersection(empty)
        while !seeds.isNone {
            var pocket = seeds.lowest
            var closed = false
            for _ in 0..<8 {
                let grown = pocket.union(around(pocket)).intersection(empty)
                if grown == pocket { closed = true; break }
                pocket = grown
            }
            if closed && !sums[pocket.size] { return true }
            seeds = seeds.subtracting(pocket)
        }
        return false
    }

    /// The neighbour steps of a numbering of at most 64 cells, for `pockets`.
    private struct Space {
        let steps: (UInt64, UInt64, UInt64)
        let up: (UInt64, UInt64, UInt64)
        let down: (UInt64, UInt64, UInt64)
        let faces: UInt64

        /// The cells one step from `m` along any axis (a missing axis has empty masks).
        @inline(__always)
        func around(_ m: UInt64) -> UInt64 {
            (m & up.0) &<< steps.0 | (m & down.0) &>> steps.0 | (m & up.1) &<< steps.1 | (m & down.1) &>> steps.1
                | (m & up.2) &<< steps.2 | (m & down.2) &>> steps.2
        }

        /// `DeadPockets.pockets` in one word; `sizes` has bit `n` set when the pieces make `n`.
        /// A piece of fewer than seven cells cannot wall a pocket in alone (it takes seven to
        /// surround a cell of a board), so one that touches neither a filled cell nor the box's
        /// faces is skipped at once.
        func pockets(mask: UInt64, free: UInt64, sizes: UInt64) -> Bool {
            let touching = around(mask)
            if touching & ~free == 0 && mask & faces == 0 && mask.nonzeroBitCount < 7 { return false }
            let empty = free & ~mask
            var seeds = touching & empty
            while seeds != 0 {
                var pocket = seeds & (0 &- seeds)
                var closed = false
                for _ in 0..<8 {
                    let grown = (pocket | around(pocket)) & empty
                    if grown == pocket { closed = true; break }
                    pocket = grown
                }
                if closed && sizes & (1 &<< UInt64(pocket.nonzeroBitCount)) == 0 { return true }
                seeds &= ~pocket
            }
            return false
        }
    }
}
