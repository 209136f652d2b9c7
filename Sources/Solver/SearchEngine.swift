/// The depth-first search at the heart of the solver: one instance per thread, reused across jobs.
///
/// Techniques, and why:
/// - **Bit masks.** Every option is a 128-bit `CellMask` and the position is one mask of filled
///   cells, so a fit is two ANDs and placing a piece is two ORs; the hot loop neither allocates
///   nor touches anything but three flat buffers.
/// - **Fill the first empty cell.** Any solution covers the lowest empty cell (in the solver's
///   cell order) with exactly one option, and that option has this cell as its lowest cell, so
///   the search branches only over the options *anchored* there, stored contiguously per piece.
///   Every cell is therefore a column of the exact cover chosen in scan order, which near the
///   leaves is as constrained as Knuth's minimum-remaining-values choice and far cheaper to find.
///   The cell order runs along the figure's shortest axis first so that holes close early.
/// - **Dead-cell pruning** falls out of the scan: a cell that no remaining piece can reach ends
///   the branch at once, because its option list comes up empty.
/// - **Hole pruning.** A node whose empty cells include a hole of one cell, or of two, walled in
///   by filled cells is abandoned before any option is tried, when the smallest piece is bigger
///   than the hole. With the box numbering of `CellLayout` the holes are found with a dozen
///   shifts of the whole mask (neighbours are a fixed bit distance apart), long before the scan
///   would reach them.
/// - **Symmetry breaking and splitting** happen above this type, in `SearchPlan`: a job is a
///   prefix of options placed before the search starts.
///
/// Cancellation is polled every few thousand nodes through an injected closure, so neither the
/// game nor the command line needs a clock in here.
final class SearchEngine {
    private let problem: ExactCover
    private let pieceCount: Int
    private let masks: UnsafeMutableBufferPointer<CellMask>
    private let anchored: UnsafeMutableBufferPointer<Int32>
    private let remaining: UnsafeMutableBufferPointer<Int>
    private let stack: UnsafeMutableBufferPointer<Int32>
    private let directions: UnsafeMutableBufferPointer<CellLayout.Direction>
    private let pruneSingles: Bool
    private let prunePairs: Bool
    private var depth = 0
    private var nodes: UInt = 0

    /// Solutions found (leaves) since the last `run`.
    private(set) var leaves = 0
    /// Set when the visitor, the leaf limit or the cancel closure ended the search early.
    private(set) var stopped = false

    /// Called at each solution with the options placed (job prefix included); returns false to
    /// stop. `nil` means "just count", which keeps the leaves cheap.
    var visitor: ((UnsafeBufferPointer<Int32>) -> Bool)?
    /// Stop after this many leaves.
    var leafLimit = Int.max
    var isCancelled: () -> Bool = { false }

    init(_ problem: ExactCover) {
        self.problem = problem
        self.pieceCount = problem.pieceCount
        masks = .allocate(capacity: max(problem.masks.count, 1))
        _ = masks.initialize(from: problem.masks)
        anchored = .allocate(capacity: problem.anchoredStart.count)
        _ = anchored.initialize(from: problem.anchoredStart)
        remaining = .allocate(capacity: max(problem.pieceCount, 1))
        remaining.initialize(repeating: 0)
        stack = .allocate(capacity: problem.cellCount + 1)
        stack.initialize(repeating: 0)
        directions = .allocate(capacity: max(problem.layout.directions.count, 1))
        _ = directions.initialize(from: problem.layout.directions)
        pruneSingles = !problem.layout.directions.isEmpty && problem.smallestPiece >= 2
        prunePairs = pruneSingles && problem.smallestPiece >= 3
    }

    deinit {
        masks.deallocate()
        anchored.deallocate()
        remaining.deallocate()
        stack.deallocate()
        directions.deallocate()
    }

    /// Searches every completion of `prefix` (options placed first; they must fit together).
    /// Returns the number of solutions found; `stopped` tells whether it ended early.
    @discardableResult
    func run(prefix: [Int]) -> Int {
        leaves = 0
        stopped = false
        depth = 0
        for (p, count) in problem.initialRemaining.enumerated() { remaining[p] = count }
        var filled = problem.initialFilled
        for o in prefix {
            filled = filled | masks[o]
            remaining[problem.optionPiece[o]] -= 1
            stack[depth] = Int32(o)
            depth += 1
        }
        if isCancelled() { stopped = true; return 0 }
        descend(filled)
        return leaves
    }

    /// True when some empty cell has no empty neighbour, or (when pieces have three cubes or
    /// more) two empty cells are each other's only empty neighbour.
    @inline(__always)
    private func hasSmallHole(_ filled: CellMask) -> Bool {
        let empty = ~filled
        var one = CellMask.empty, two = CellMask.empty
        for d in directions {
            let up = (empty >> d.step) & d.canStepUp
            two = two | (one & up)
            one = one | up
            let down = (empty << d.step) & d.canStepDown
            two = two | (one & down)
            one = one | down
        }
        if !(empty & ~one).isEmpty { return true }
        guard prunePairs else { return false }
        let single = empty & ~two
        for d in directions where !(single & d.canStepUp & (single >> d.step)).isEmpty { return true }
        return false
    }

    private func descend(_ filled: CellMask) {
        if filled.isFull {
            leaves += 1
            if let visitor, !visitor(UnsafeBufferPointer(rebasing: stack[0..<depth])) { stopped = true }
            if leaves >= leafLimit { stopped = true }
            return
        }
        nodes &+= 1
        if nodes & 0x3FFF == 0, isCancelled() { stopped = true; return }
        if pruneSingles && hasSmallHole(filled) { return }
        let base = filled.firstAbsent &* pieceCount
        for p in 0..<pieceCount where remaining[p] > 0 {
            var i = Int(anchored[base &+ p])
            let end = Int(anchored[base &+ p &+ 1])
            guard i < end else { continue }
            remaining[p] -= 1
            while i < end {
                let mask = masks[i]
                if mask.isDisjoint(with: filled) {
                    stack[depth] = Int32(truncatingIfNeeded: i)
                    depth &+= 1
                    descend(filled | mask)
                    depth &-= 1
                    if stopped { remaining[p] += 1; return }
                }
                i &+= 1
            }
            remaining[p] += 1
        }
    }
}
