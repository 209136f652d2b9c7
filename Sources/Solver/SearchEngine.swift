/// The depth-first search at the heart of the solver: one instance per thread, reused across jobs.
///
/// Techniques, and why:
/// - **Bit masks.** Every option is a bit mask (64 bits when the figure fits, else 128) and the
///   position is one mask of filled cells, so a fit is one AND and placing a piece one OR; the
///   hot loop neither allocates nor touches anything but a few flat buffers.
/// - **Fill the first empty cell.** Any solution covers the lowest empty cell (in the solver's
///   cell order) with exactly one option, and that option has this cell as its lowest cell, so
///   the search branches only over the options *anchored* there, and of those only over the
///   ones that leave the cells around it that are already filled alone (`ExactCover.windows`).
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
/// - **Passages.** In a solid figure (at least 3 cells along every axis), a cell with a single
///   empty neighbour is filled first, branching only over the options through that neighbour:
///   the most constrained cell at hand, found by the same shifts. Measured on 2D boards and
///   slabs two cells thick it costs more than it saves, so it is off there.
/// - **Symmetry breaking and splitting** happen above this type, in `SearchPlan`: a job is a
///   prefix of options placed before the search starts.
///
/// Cancellation is polled every few thousand nodes through an injected closure, so neither the
/// game nor the command line needs a clock in here.
final class SearchEngine<Mask: SearchMask> {
    private let problem: ExactCover
    private let pieceCount: Int
    private let remaining: UnsafeMutableBufferPointer<Int>
    private let stack: UnsafeMutableBufferPointer<Int32>
    private let steps: UnsafeMutableBufferPointer<Int>
    private let canStepUp: UnsafeMutableBufferPointer<Mask>
    private let canStepDown: UnsafeMutableBufferPointer<Mask>
    private let usePassages: Bool
    private let directionCount: Int
    private let pruneSingles: Bool
    private let prunePairs: Bool
    private let windows: UnsafeMutableBufferPointer<Int>
    private let windowStart: UnsafeMutableBufferPointer<Int32>
    private let windowOptions: UnsafeMutableBufferPointer<Int32>
    private let windowMasks: UnsafeMutableBufferPointer<Mask>
    private let passageStart: UnsafeMutableBufferPointer<Int32>
    private let passageOptions: UnsafeMutableBufferPointer<Int32>
    private let passageMasks: UnsafeMutableBufferPointer<Mask>
    /// Window entries at or above this are unused (and would not fit in `Mask`).
    private let cellLimit: Int
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
        remaining = .allocate(capacity: max(problem.pieceCount, 1))
        remaining.initialize(repeating: 0)
        stack = .allocate(capacity: problem.cellCount + 1)
        stack.initialize(repeating: 0)
        let directions = problem.layout.directions
        steps = .allocate(capacity: max(directions.count, 1))
        _ = steps.initialize(from: directions.map(\.step))
        canStepUp = .allocate(capacity: max(directions.count, 1))
        _ = canStepUp.initialize(from: directions.map { Mask($0.canStepUp) })
        canStepDown = .allocate(capacity: max(directions.count, 1))
        _ = canStepDown.initialize(from: directions.map { Mask($0.canStepDown) })
        directionCount = problem.layout.directions.count
        cellLimit = problem.cells.count
        pruneSingles = !problem.layout.directions.isEmpty && problem.smallestPiece >= 2
        prunePairs = pruneSingles && problem.smallestPiece >= 3
        usePassages = pruneSingles && problem.layout.isSolid
        windows = .allocate(capacity: max(problem.windows.count, 1))
        _ = windows.initialize(from: problem.windows)
        windowStart = .allocate(capacity: problem.windowStart.count)
        _ = windowStart.initialize(from: problem.windowStart)
        windowOptions = .allocate(capacity: max(problem.windowOptions.count, 1))
        _ = windowOptions.initialize(from: problem.windowOptions)
        windowMasks = .allocate(capacity: max(problem.windowMasks.count, 1))
        _ = windowMasks.initialize(from: problem.windowMasks.map(Mask.init))
        passageStart = .allocate(capacity: problem.passageStart.count)
        _ = passageStart.initialize(from: problem.passageStart)
        passageOptions = .allocate(capacity: max(problem.passageOptions.count, 1))
        _ = passageOptions.initialize(from: problem.passageOptions)
        passageMasks = .allocate(capacity: max(problem.passageMasks.count, 1))
        _ = passageMasks.initialize(from: problem.passageMasks.map(Mask.init))
    }

    deinit {
        remaining.deallocate()
        stack.deallocate()
        steps.deallocate()
        canStepUp.deallocate()
        canStepDown.deallocate()
        windows.deallocate()
        windowStart.deallocate()
        windowOptions.deallocate()
        windowMasks.deallocate()
        passageStart.deallocate()
        passageOptions.deallocate()
        passageMasks.deallocate()
    }

    /// Searches every completion of `prefix` (options placed first; they must fit together).
    /// Returns the number of solutions found; `stopped` tells whether it ended early.
    @discardableResult
    func run(prefix: [Int]) -> Int {
        leaves = 0
        stopped = false
        depth = 0
        for (p, count) in problem.initialRemaining.enumerated() { remaining[p] = count }
        var filled = Mask(problem.initialFilled)
        for o in prefix {
            filled = filled | Mask(problem.masks[o])
            remaining[problem.optionPiece[o]] -= 1
            stack[depth] = Int32(o)
            depth += 1
        }
        if isCancelled() { stopped = true; return 0 }
        descend(filled)
        return leaves
    }

    private func descend(_ filled: Mask) {
        if filled.isFull {
            leaves += 1
            if let visitor, !visitor(UnsafeBufferPointer(rebasing: stack[0..<depth])) { stopped = true }
            if leaves >= leafLimit { stopped = true }
            return
        }
        nodes &+= 1
        if nodes & 0x3FFF == 0, isCancelled() { stopped = true; return }
        if pruneSingles {
            // Count each empty cell's empty neighbours up to two, bit-sliced over the mask.
            let empty = ~filled
            var one = Mask(.empty), two = Mask(.empty)
            for d in 0..<directionCount {
                let up = (empty >> steps[d]) & canStepUp[d]
                two = two | (one & up)
                one = one | up
                let down = (empty << steps[d]) & canStepDown[d]
                two = two | (one & down)
                one = one | down
            }
            if !(empty & ~one).isEmpty { return }
            let single = empty & ~two
            if !single.isEmpty && usePassages {
                if prunePairs {
                    for d in 0..<directionCount where !(single & canStepUp[d] & (single >> steps[d])).isEmpty {
                        return
                    }
                }
                // A cell with one empty neighbour: only options through that neighbour fill it.
                let cell = single.first
                for d in 0..<directionCount {
                    if canStepUp[d].contains(cell), empty.contains(cell + steps[d]) {
                        branch(filled, key: (cell * directionCount + d) * 2)
                        return
                    }
                    if canStepDown[d].contains(cell), empty.contains(cell - steps[d]) {
                        branch(filled, key: (cell * directionCount + d) * 2 + 1)
                        return
                    }
                }
            }
        }
        let cell = filled.firstAbsent
        let width = ExactCover.windowWidth
        let limit = cellLimit
        var pattern = 0
        for j in 0..<width {
            let c = windows[cell &* width &+ j]
            if c < limit && !filled.contains(c) { pattern |= 1 << j }
        }
        let base = (cell << width | pattern) &* pieceCount
        for p in 0..<pieceCount where remaining[p] > 0 {
            var i = Int(windowStart[base &+ p])
            let end = Int(windowStart[base &+ p &+ 1])
            guard i < end else { continue }
            remaining[p] -= 1
            while i < end {
                let mask = windowMasks[i]
                if mask.isDisjoint(with: filled) {
                    stack[depth] = windowOptions[i]
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

    /// Branches over the options of one passage list (a cell and its only empty neighbour).
    @inline(__always)
    private func branch(_ filled: Mask, key: Int) {
        let base = key &* pieceCount
        for p in 0..<pieceCount where remaining[p] > 0 {
            var i = Int(passageStart[base &+ p])
            let end = Int(passageStart[base &+ p &+ 1])
            guard i < end else { continue }
            remaining[p] -= 1
            while i < end {
                let mask = passageMasks[i]
                if mask.isDisjoint(with: filled) {
                    stack[depth] = passageOptions[i]
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
