/// The depth-first search at the heart of the solver: one instance per thread, reused across jobs.
///
/// Techniques, and why:
/// - **Bit masks.** Every option is a bit mask (64 bits when the figure's numbering fits, else
///   128) and the position is one mask of filled cells, so a fit is one AND and placing a piece
///   one OR; the pieces left are bits of one word. The hot loop allocates nothing and reads a few
///   flat buffers.
/// - **Fill the first empty cell.** Any solution covers the lowest empty cell (in the solver's
///   cell order) with exactly one option, and that option has this cell as its lowest cell, so
///   the search branches only over the options *anchored* there. The cell order runs along the
///   figure's shortest axis first (`CellLayout`), so the frontier stays short and holes close
///   early. Near the leaves this is as constrained a choice as Knuth's minimum remaining values,
///   at no cost to find it.
/// - **Windows.** In large figures the anchored options are pre-sorted by which of six cells
///   just after the anchor they use (`ExactCover.windowStart`): the search reads those six
///   cells with two or three shifts and looks only at the options that avoid the filled ones.
/// - **Hole pruning.** A node whose empty cells include a hole of one cell walled in by filled
///   cells is abandoned before any option is tried, when the smallest piece is bigger than the
///   hole; in solid figures whose smallest piece has three cells, a walled-in pair too.
///   Neighbours are a fixed bit distance apart in the box numbering, so the holes of the whole
///   figure are found with a dozen shifts (the three axes spelled out, no loop). On boards and
///   slabs, where the one-cell test is all a node needs, the parent runs it on each child before
///   descending: that spares the call for the third of the nodes it kills (6x10: 22% fewer
///   instructions). On boards the two-cell test costs more than it saves, and so does a
///   three-cell test in solid figures (8% more instructions in 3x4x5 and Bedlam, no time saved):
///   measured.
/// - **Dead children screened in the parent, in a 4x4x4 box** (`CubeMask`, Bedlam): two
///   thirds of Bedlam's nodes are dead ends (shard 1/64: 1.59M of 4.37M die at the hole and
///   pair tests, 1.36M find no option that fits). There the parent runs the hole and pair
///   tests on each child that fits and works out the child's list and the pieces left that
///   have options in it, and calls the child only when it passes (`branchScreened`), handing
///   it that list: a dead child costs no call and no push, and the neighbour count is not done
///   twice. Dead children still count as nodes, so the effort is the same figure. With the
///   passage's way found without branches (`passage(of:empty:)`), `soma solve bedlam --count
///   --shard 1/8 --threads 1` took 0.89 of the CPU time, its partition included (alternating
///   runs, issue 37). What did not pay there: gathering the options that fit
///   without a branch, then descending (cachegrind's mispredictions 15.2M -> 12.8M, time
///   unchanged: the real predictor does better than its model); each key's pieces and list
///   starts in one cache line (a quarter fewer L1 misses, 2% slower); the child's first
///   option that fits found by the parent (1% slower); a child killed when any of its cells
///   with one empty neighbour has no piece left to fill it (a fifth of the children at
///   passages, but 10% slower: testing every such cell costs more than the subtrees saved).
///   Measured before the passage choice below (shard 1/64, one thread), and not kept: a
///   parity test (cells coloured by (x+y+z) mod 2; the empty cells' imbalance must be one the
///   pieces left make, one table read by the pieces left) fails at 42K of the 2.16M nodes
///   called, whose subtrees hold 83K of the 4.37M nodes (1.9%: the imbalance of fifteen or
///   twenty cells is seldom out of reach); every walled-in region's size a sum of the
///   pieces left (a bit-parallel flood fill at nodes of the last six pieces) kills 230K nodes
///   whose subtrees hold 162K nodes more (3.7%: the holes die a node later anyway); the window
///   and passage lists joined in one table, so that a node finds its list from its key alone,
///   with the pieces left as an argument instead of the engine's field (8.7% fewer
///   instructions, yet 0.94-0.96 of the speed, alternating runs: twice the lists' memory);
///   the passage's way found by the neighbour's distance and a constant's nibbles, without a
///   branch (62M more instructions for 1.4M fewer mispredictions).
/// - **Most constrained cell first, when it is cheap to see.** In solid figures a cell with a
///   single empty neighbour (found by the same shifts) is filled first, branching only over the
///   options through that neighbour (`PassageTable`): the DLX idea of the column with the fewest
///   options, restricted to the case that costs nothing to detect. It halves the nodes of the
///   27-cell Soma figures (393k -> 187k over the 26 of the catalog); on boards and
///   two-cell-thick slabs it costs more than it saves (measured), so it is off there.
/// - **Passage windows.** Those lists leave out the options that cover another neighbour of the
///   cell (filled, by definition), and in large figures are pre-sorted by which of the
///   neighbour's five other neighbours they use, like the windows above. Unfiltered, nine in
///   ten option tests in a 3x4x5 box were misfits from passage lists; filtered, the box takes
///   about a fifth less time (and Bedlam a seventh). Two thirds of passage nodes have several such cells, but picking
///   the one with the shortest list costs more than it saves (measured: 3x4x5 half again
///   slower), so the first one is taken, except in a 4x4x4 box (below).
/// - **The passage with the fewest ways on, in a 4x4x4 box** (`passageCell`, Bedlam). The
///   screen counts each empty cell's empty neighbours on up to four (a few more shifts), and
///   the node branches at the first cell with one empty neighbour whose neighbour has at most
///   two empty neighbours itself (a corridor: every option through it runs on the one way
///   out), else at most three, else the first: the window of such a passage holds one or two
///   empty cells, so its list is short. Bedlam shard 1/64 (`--threads 1`): 4.37M -> 3.51M nodes
///   (corridors alone 3.76M; the cell whose list has the fewest options that fit, too dear to
///   find at every child, 2.95M); the search's instructions 777M -> 734M, branches 67.1M ->
///   54.8M, cachegrind's mispredictions 14.4M -> 12.2M. Alternating runs against the build
///   before, at load 3.5-4.5 (issue 37): `soma solve bedlam --count` 0.86 of the wall time on
///   two threads, `--shard 1/8 --threads 1` 0.87 of the CPU time. With the passage's way read
///   as bits and this cell picked without a branch (`passage(of:empty:)`, `passageCell`),
///   against that build: two threads 5.92 s wall against 7.10 s (0.83; 3 alternating runs,
///   load 2.6-3.2), one thread 0.83 of the CPU time (2 runs), shard 1/8 0.84 (7 runs). Knuth's estimate keeps the
///   general engine's choice (`list(for:)`), so the estimates and the partitions are those of
///   the general search; `resume` follows the cube's own (`cubeList`). Not kept: a third
///   step, at most four empty neighbours (734M -> 741M instructions, mispredictions 12.2M ->
///   12.4M); the pieces left handed to the child as an argument rather than through the
///   engine's field (734M -> 717M instructions, yet 1.06 of the CPU time: the loop keeps more
///   on the stack, as on boards).
/// - **Dead cells** need no test of their own: a cell no remaining piece can reach ends the
///   branch at once, because its option lists come up empty.
/// - **Narrow boards** (3x20, 4x15, 5x12, 6x10). The fill order already runs along the short
///   side (`CellLayout`: a 3x20 board is filled column by column of 3, so the first empty
///   cell is a bit scan and the cells after it are the next bits of the mask), and branching is
///   over the options anchored at that cell, as in the bitboard solvers. Measured with
///   callgrind (`soma solve BOARD --count --threads 1`, instructions of `Solver(figure)` plus
///   `count`; issue 14): the Rust bitboard solver's small-table search takes 2.2M, 23.8M,
///   112M and 266M on the four boards, set-up included (its whole process less one that
///   solves nothing). Its search alone is most of that (3x20: 1.8M of 2.2M); it builds its
///   tables in 0.1M because it makes one list per cell and piece and nothing else. This solver
///   took 21.0M, 27.9M, 180M and 279M before a first round of changes; 5.2M, 25.6M, 119M and
///   260M before the second; 2.2M, 18.6M, 97M and 213M after it (CPU time net of the process
///   start, alternating runs on this machine at load 0.9-1.2: 0.46-0.79 of the Rust solver's
///   on 3x20, whose net is a quarter of a millisecond, 0.65-0.69 on 4x15, 0.70 on 5x12,
///   0.68-0.69 on 6x10). What paid, per board shape:
///   - at most two rounds of the plan's symmetry refinement on boards and slabs
///     (`SearchPlan.distinct`), none on a board three wide: each finer job fills the board
///     again up to where its new piece lies, which cost more than the duplicate half of the
///     search it spared (5x12 174M -> 125M, 3x20 24.4M -> 13.8M whole harness, 2x3x10 88.8M ->
///     57.0M; on 3x20 with the column cuts below, 2.78M with two rounds, 2.46M with none; one
///     instead of two: 4x15 +0.6%, 5x12 -0.2%, kept at two);
///   - a window one cell longer than the short side, six at most (4x15 5 cells, wider boards
///     6), and none on a board three wide: 3x20's whole search is 5,000 nodes, and its set-up
///     with a window of 4 (and the dead-pocket pass that goes with windows) cost more than the
///     window saved (3x20 4.21M with a window of 4, 4.10M with 3, 3.65M without; 4x15 without
///     25.6M, with 5 cells 23.9M);
///   - on a board three wide only, pruning before descending a region walled in behind a
///     column filled whole (the empty cells before the first full column beyond the first
///     empty one, when the pieces cannot make their number): there a column closes every few
///     pieces (3x20 count 2.31M -> 1.69M). The test is compiled into a search of its own
///     (`NarrowBoardMask`, `SearchMask.cutsColumns`): on 4x15 it prunes too seldom to pay for a
///     test at every child (count 19.1M -> 21.7M, 5x12 111M -> 144M), and even switched off
///     at run time, compiled into the one search, it cost 4x15 2.5% (register pressure);
///   - reading a window of one run (boards up to five wide) or two (six wide) without the
///     empty runs' shifts: 4x15 20.6M -> 18.8M in the count, 6x10 252M -> 245M;
///   - shifting masks by wrapping conversions (`UInt64(truncatingIfNeeded:)`, `&<<`): a plain
///     `UInt64(k)` or `<<` checks the sign and the overshift at every use, and the hole test
///     and the window key are at every child and node (init + count: 4x15 21.4M -> 19.7M,
///     5x12 112M -> 102M, 6x10 249M -> 225M, 2x3x10 45.6M -> 41.6M, the cube 3.95M -> 3.83M);
///   - leaving out of the lists the options that wall in a pocket no pieces fill
///     (`DeadPockets`): 6x10 284M -> 261M, 5x12 132M -> 123M, 4x15 24.5M -> 23.9M;
///   - set-up without quadratic list copies (plan refinement), bounds-checked loops over every
///     list, per-entry closures, per-option records holding a `Placement` (a placement is now
///     worked out from its mask when a solution is shown), or zero-filled lists that are then
///     overwritten; dead pockets tested in one word with the axes spelled out, skipping small
///     pieces that touch no wall; the symmetries of a flat figure found without the turned-over
///     copies of each (init, 3x20 3.21M -> 0.93M, 4x15 5.01M -> 2.82M, 5x12 7.35M -> 3.64M,
///     the cube 1.97M -> 1.78M); the layout and the symmetries' box by plain loops instead of
///     per-cell arrays, hashing and the generic `Bounds`, a piece map checked one-to-one by
///     bits rather than a `Set` per isometry, passage lists built with unchecked reads and
///     wrapping arithmetic (3x20 0.92M -> 0.77M, the cube 1.75M -> 1.41M);
///     the engine's generic requirement in an extension, so that no
///     conformance is looked up at run time (0.19M a solve, cube included); the options
///     placed straight into their sorted slots (one pass of the placements into scratch, a
///     counting sort; no per-option appends through a closure) and a small figure's passage
///     lists likewise, the Soma set not made for a board's file, a catalog figure read
///     without its stated count, the pieces' turns in one scratch list (whole process, issue
///     37: 3x20 2.86M -> 2.50M, 4x15 21.9M -> 21.4M, the cube 3.90M -> 3.49M; yass's 218
///     figures 266M -> 243M);
///   - a search compiled for boards (`BoardMask`, `SearchMask.isBoard`; likewise
///     `NarrowBoardMask`): the hole test before descending, the window and the two axes are
///     constants there, so a node tests no flags for passages, pairs, windows or a third axis
///     (init + count: 4x15 19.7M -> 18.7M, 5x12 102M -> 97M, 6x10 225M -> 213M);
///   - a board three wide runs as a short search, on one thread like a small figure: waking a
///     second thread and splitting the plan into 128 jobs cost it 1M instructions more than
///     the count on one (`ExactCover.isShortSearch`).
///   What did not pay: a window of eight cells on boards up to four wide (3x20 +10%: building
///   the table costs more than the misfits it skips), three cells on 4x15 and up (4x15 +4%,
///   5x12 +12%, 6x10 +17%), six on 4x15 (+14%, set-up), no refinement at all (4x15 +9%);
///   the column cuts above on 4x15 and wider; no dead-pocket pass on 4x15 (+2.9%); keeping the
///   pieces left in a local across a node's piece loop instead of taking and giving each
///   piece back through the engine's field (4x15 +3%, 5x12 +3.4%: the compiler then keeps
///   more on the stack; 3x20 -4%); stopping a dead-pocket growth once it holds more than 16
///   cells (4x15 set-up +0.19M: the default x86-64 target has no popcount instruction, and
///   the search was no shorter), or after 6 or 4 rounds instead of 8 (4x15 and 5x12 within
///   0.3% either way). Not tried
///   here: the bitboard solver's other table, indexed by the set of pieces left (4096 lists a
///   cell), costs that solver 355M instructions on 3x20 and more than its small table on
///   every board.
/// - **Symmetry breaking and splitting** happen above this type, in `SearchPlan` and
///   `Solver.execute`: a job is a prefix of options placed before the search starts, and jobs
///   are shared between threads. In large solid figures the plan picks the piece to place first
///   by Knuth's estimate of the search's size (`estimateNodes`), which walks random paths of
///   this same search: in a 3x4x5 box it picks X over I, 155 million nodes against 225. In a
///   4x4x4 box a count searches each job in the image of its prefix (under the figure's
///   symmetries) estimated smallest (`Solver.framed`, with this search's own choice of passage:
///   `estimateOwnNodes`): the count is the same in every image, the tree is not (the
///   whole Bedlam count, 1,105 jobs on one thread: 215.9M nodes -> 178.7M; shard 1/64 1,451M
///   -> 1,199M instructions, partition included; against the build before, alternating runs at
///   load 2.2-3.6: two threads 0.86 of the wall time (4 runs), `--threads 1` 0.87 of the CPU
///   time (2 runs; 0.85 in 3 runs at load 1.1-1.8), shard 1/8 0.92 (6 runs)). Not kept:
///   each job in the image whose cells come earliest, without an estimate (197.9M); the X's
///   other images as the plan's representatives (the earliest: 216.3M -> 204.0M); fifteen
///   thousand finer jobs (168.9M nodes at 8 paths an image, yet 1.10 of the CPU time of 1,105
///   jobs at 16: the estimates cost more than the nodes they spare).
///
/// Cancellation is polled every few thousand nodes through an injected closure, so neither the
/// game nor the command line needs a clock in here. The same poll hands out the path to the
/// node the search stands at (`poll`), and `run(prefix:resumingAt:)` starts a search again from
/// such a path: the whole state of a depth-first search is its path, so a checkpoint is a few
/// dozen numbers and a killed search loses only the nodes since the last one.
final class SearchEngine<Mask> {
    private let problem: ExactCover
    private let pieceCount: Int
    private let remaining: UnsafeMutableBufferPointer<Int>
    private let stack: UnsafeMutableBufferPointer<Int32>
    private let storedUsePassages: Bool
    private let directionCount: Int
    /// The layout's neighbour steps (`CellLayout.Direction`) as plain fields, the three axes
    /// spelled out so that the hole and passage tests need no loop; an axis the layout lacks
    /// has a zero step and empty masks.
    private let step: (Int, Int, Int)
    private let up: (Mask, Mask, Mask)
    private let down: (Mask, Mask, Mask)
    /// True when every piece has one copy, as in all built-in sets: taking a piece is then
    /// just clearing its bit in `available`.
    private let storedSingleCopies: Bool
    private let storedPruneSingles: Bool
    private let storedPrunePairs: Bool
    /// True when the single-cell hole test is all the node needs of its neighbours (no pairs,
    /// no passages: boards and slabs): then the parent runs it on each child before descending,
    /// which spares a call for the third or so of the nodes it kills.
    private let storedPruneBeforeDescending: Bool
    // Narrow boards (`SearchMask.cutsColumns`): a column filled whole beyond the first empty
    // cell cuts the empty cells before it off from the rest, and their number must be one the
    // pieces make (`hasCutOffRegion`).
    /// The cells of a column: the board's short side.
    private let columnHeight: Int
    /// The first cell of every column but the first.
    private let columnStarts: Mask
    /// `below[i]` holds the cells `0..<i` (only for `cutsColumns`).
    private let below: UnsafeMutableBufferPointer<Mask>
    /// `sizeOK[n]` is true when some of the pieces add up to `n` cells (only for `cutsColumns`).
    private let sizeOK: UnsafeMutableBufferPointer<Bool>
    private let windowWidth: Int
    private let runs: WindowRuns
    private let windowStart: UnsafeMutableBufferPointer<Int32>
    private let windowPieces: UnsafeMutableBufferPointer<UInt64>
    private let passagePieces: UnsafeMutableBufferPointer<UInt64>
    private let passageWidth: Int
    private let passageWindow: UnsafeMutableBufferPointer<Int32>
    private let windowOptions: UnsafeMutableBufferPointer<Int32>
    private let windowMasks: UnsafeMutableBufferPointer<Mask>
    private let passageStart: UnsafeMutableBufferPointer<Int32>
    private let passageOptions: UnsafeMutableBufferPointer<Int32>
    private let passageMasks: UnsafeMutableBufferPointer<Mask>
    /// Bit `p` is set while piece `p` has copies left to place.
    private var available: UInt64 = 0
    private var depth = 0
    private var nodes: UInt = 0
    /// Nodes expanded by this engine since it was made (never reset): the search's effort, read
    /// before and after a run (`Solver.effort`).
    var nodesExpanded: UInt { nodes }

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
    /// Called with the path (the options placed, prefix included) at the node the search is about
    /// to expand, every few thousand nodes, before `isCancelled`: every leaf before that node in
    /// the search's order has been counted, none below or after it. Nil costs nothing.
    /// The second argument is the number of leaves found so far.
    var poll: ((UnsafeBufferPointer<Int32>, Int) -> Void)?
    /// Set when `run(prefix:resumingAt:)` was given a path this search never takes.
    private(set) var pathNotFound = false

    /// The engine's state; `convert` turns a mask into the engine's width (`SearchMask`'s
    /// initialiser, passed in so that the class itself has no requirement to check).
    private init(_ problem: ExactCover, convert: (CellMask) -> Mask, cuts: Bool) {
        self.problem = problem
        self.pieceCount = problem.pieceCount
        remaining = .allocate(capacity: max(problem.pieceCount, 1))
        remaining.initialize(repeating: 0)
        stack = .allocate(capacity: problem.cellCount + 1)
        stack.initialize(repeating: 0)
        let directions = problem.layout.directions
        directionCount = problem.layout.directions.count
        let axes = directions.map { (step: $0.step, up: convert($0.canStepUp), down: convert($0.canStepDown)) }
            + Array(repeating: (step: 0, up: convert(.empty), down: convert(.empty)), count: max(0, 3 - directions.count))
        step = (axes[0].step, axes[1].step, axes[2].step)
        up = (axes[0].up, axes[1].up, axes[2].up)
        down = (axes[0].down, axes[1].down, axes[2].down)
        storedSingleCopies = problem.pieces.allSatisfy { $0.copies == 1 }
        storedPruneSingles = !problem.layout.directions.isEmpty && problem.smallestPiece >= 2
        storedUsePassages = storedPruneSingles && problem.usesPassages
        // Walled-in pairs: worth the test in solid figures (on boards it costs more than it saves).
        storedPrunePairs = storedPruneSingles && problem.layout.isSolid && problem.smallestPiece >= 3
        storedPruneBeforeDescending = storedPruneSingles && !storedUsePassages && !storedPrunePairs
        columnHeight = directions.count == 2 ? directions[1].step : 1
        let cellCount = problem.cellCount
        var starts = CellMask.empty
        for c in stride(from: columnHeight, to: cellCount, by: columnHeight) { starts.insert(c) }
        columnStarts = convert(starts)
        below = .allocate(capacity: cuts ? CellMask.capacity + 1 : 1)
        sizeOK = .allocate(capacity: cuts ? cellCount + 1 : 1)
        sizeOK.initialize(repeating: true)
        if cuts {
            var low = CellMask.empty
            for i in 0...CellMask.capacity {
                (below.baseAddress! + i).initialize(to: convert(low))
                if i < CellMask.capacity { low.insert(i) }
            }
            // Which numbers of cells some of the pieces add up to (each copy at most once).
            sizeOK.initialize(repeating: false)
            sizeOK[0] = true
            for (p, piece) in problem.pieces.enumerated() {
                for _ in 0..<problem.initialRemaining[p] where piece.shape.count <= cellCount {
                    let size = piece.shape.count
                    for t in stride(from: cellCount, through: size, by: -1) where sizeOK[t - size] { sizeOK[t] = true }
                }
            }
        }
        windowWidth = problem.windowWidth
        runs = WindowRuns(problem.windowRuns)
        let passages = problem.passages
        passageWidth = passages.width
        windowPieces = Self.buffer(problem.windowPieces)
        passagePieces = Self.buffer(passages.pieces)
        passageWindow = Self.buffer(passages.windowCells)
        windowStart = Self.buffer(problem.windowStart)
        windowOptions = Self.buffer(problem.windowOptions)
        windowMasks = Self.buffer(problem.windowMasks, convert)
        passageStart = Self.buffer(passages.start)
        passageOptions = Self.buffer(passages.options)
        passageMasks = Self.buffer(passages.masks, convert)
    }

    /// A copy of a table in memory of the engine's own, which the hot loop reads without
    /// reference counting or bounds checks. Copied with one block move: for a small figure the
    /// engine is made for a search of well under a millisecond.
    private static func buffer<T>(_ table: [T]) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(table.count, 1))
        table.withUnsafeBufferPointer { source in
            if let from = source.baseAddress { buffer.baseAddress!.initialize(from: from, count: source.count) }
        }
        return buffer
    }

    /// A copy of a table of masks in the engine's width.
    private static func buffer(_ table: [CellMask], _ convert: (CellMask) -> Mask) -> UnsafeMutableBufferPointer<Mask> {
        let buffer = UnsafeMutableBufferPointer<Mask>.allocate(capacity: max(table.count, 1))
        table.withUnsafeBufferPointer { source in
            for i in source.indices { (buffer.baseAddress! + i).initialize(to: convert(source[i])) }
        }
        return buffer
    }

    deinit {
        below.deallocate()
        sizeOK.deallocate()
        remaining.deallocate()
        stack.deallocate()
        windowStart.deallocate()
        windowPieces.deallocate()
        passagePieces.deallocate()
        passageWindow.deallocate()
        windowOptions.deallocate()
        windowMasks.deallocate()
        passageStart.deallocate()
        passageOptions.deallocate()
        passageMasks.deallocate()
    }
}

/// The search itself. In an extension, so that the class carries no generic requirement:
/// making `SearchEngine<CellMask64>`'s metadata then needs no look-up of the conformance at
/// run time, which scanned every conformance record of the binary (0.19M instructions, as much
/// as the rest of a small figure's count set-up).
extension SearchEngine where Mask: SearchMask {
    convenience init(_ problem: ExactCover) {
        self.init(problem, convert: { Mask($0) }, cuts: Mask.cutsColumns)
        precondition(!Mask.isCubeOfFour || (storedSingleCopies && storedPruneSingles && storedUsePassages && storedPrunePairs),
                     "SearchEngine: a 4x4x4 box search whose switches are not the constant ones")
    }

    // The node's switches: the fields above, except in a 4x4x4 box (`CubeMask`), where
    // `ExactCover.isCubeOfFour` admits only figures that set them all one way (one copy of each
    // piece, none under three cells, passages), so they are constants there and the node tests
    // none of them: a dozen loads and branches of its 195 instructions (Bedlam shard 1/64,
    // callgrind, issue 37). The initialiser checks that the fields agree.
    @inline(__always) private var usePassages: Bool { Mask.isCubeOfFour || storedUsePassages }
    @inline(__always) private var singleCopies: Bool { Mask.isCubeOfFour || storedSingleCopies }
    @inline(__always) private var pruneSingles: Bool { Mask.isCubeOfFour || storedPruneSingles }
    @inline(__always) private var prunePairs: Bool { Mask.isCubeOfFour || storedPrunePairs }
    @inline(__always) private var pruneBeforeDescending: Bool { !Mask.isCubeOfFour && storedPruneBeforeDescending }

    /// Searches every completion of `prefix` (options placed first; they must fit together).
    /// Returns the number of solutions found; `stopped` tells whether it ended early.
    @discardableResult
    func run(prefix: [Int]) -> Int {
        leaves = 0
        stopped = false
        depth = 0
        let filled = start(prefix)
        if isCancelled() { stopped = true; return 0 }
        descend(filled)
        return leaves
    }

    /// Searches the completions of `prefix` that come at or after `path` (options placed below
    /// the prefix, as `poll` reported them) in the search's order: the rest of a search that
    /// stood at `path` when it was stopped. Returns the solutions found in that rest.
    @discardableResult
    func run(prefix: [Int], resumingAt path: [Int]) -> Int {
        let filled = start(prefix)
        if isCancelled() { stopped = true; return 0 }
        resume(filled, along: path[...])
        return leaves
    }

    /// Resets the counters and places `prefix`; returns the filled cells.
    private func start(_ prefix: [Int]) -> Mask {
        leaves = 0
        stopped = false
        pathNotFound = false
        depth = 0
        for (p, count) in problem.initialRemaining.enumerated() { remaining[p] = count }
        var filled = Mask(problem.initialFilled)
        for o in prefix {
            filled = filled | Mask(problem.masks[o])
            remaining[problem.optionPiece[o]] -= 1
            stack[depth] = Int32(o)
            depth += 1
        }
        available = 0
        for p in 0..<pieceCount where remaining[p] > 0 { available |= 1 << UInt64(p) }
        return filled
    }

    /// The node on the resume path: its branches before the path's next option are skipped,
    /// that one is followed further along the path, the ones after it are searched whole. The
    /// list is the one `descend` would choose, read in the same order (pieces up, options in
    /// list order), so the rest of the search is exactly what the stopped search had left.
    private func resume(_ filled: Mask, along path: ArraySlice<Int>) {
        guard let target = path.first else { descend(filled); return }
        guard let (key, passage) = Mask.isCubeOfFour ? cubeList(for: filled) : list(for: filled) else {
            pathNotFound = true; stopped = true; return
        }
        let targetPiece = problem.optionPiece[target]
        let starts = passage ? passageStart : windowStart
        let options = passage ? passageOptions : windowOptions
        let masks = passage ? passageMasks : windowMasks
        let base = key &* pieceCount
        var pieces = available & (passage ? passagePieces[key] : windowPieces[key])
        var found = false
        while pieces != 0 {
            let p = pieces.trailingZeroBitCount
            pieces &= pieces &- 1
            if !found && p != targetPiece { continue }
            take(p)
            for i in Int(starts[base &+ p])..<Int(starts[base &+ p &+ 1]) {
                let mask = masks[i]
                if !found {
                    guard Int(options[i]) == target else { continue }
                    found = true
                    stack[depth] = options[i]
                    depth &+= 1
                    resume(filled | mask, along: path.dropFirst())
                    depth &-= 1
                } else if mask.isDisjoint(with: filled) && !(pruneBeforeDescending && hasIsolatedCell(filled | mask)) {
                    stack[depth] = options[i]
                    depth &+= 1
                    descend(filled | mask)
                    depth &-= 1
                }
                if stopped { give(p); return }
            }
            give(p)
            if !found { pathNotFound = true; stopped = true; return }
        }
        if !found { pathNotFound = true; stopped = true }
    }

    /// Knuth's estimate of the number of nodes the search below `prefix` visits: the mean over
    /// `probes` random paths from the root of the sum, down the path, of the product of the
    /// branching factors so far. Unbiased, and cheap next to the search; `SearchPlan` uses it to
    /// compare ways to break the symmetry. `seed` makes it repeatable.
    func estimateNodes(prefix: [Int], probes: Int, seed: UInt64) -> Double {
        estimate(prefix: prefix, probes: probes, seed: seed, ownChoice: false)
    }

    /// `estimateNodes` with a 4x4x4 box's own choice of passage (`cubeList`) rather than the
    /// general engine's: the search that will run, whose images of a job `Solver.framed`
    /// compares. A function of its own, so that the other engines' code is the one before it
    /// (2x5x6 and 3x4x5 took 1.03-1.07 of the CPU time with a flag added to `estimateNodes`,
    /// on the same instructions: the code placed differently).
    func estimateOwnNodes(prefix: [Int], probes: Int, seed: UInt64) -> Double {
        estimate(prefix: prefix, probes: probes, seed: seed, ownChoice: Mask.isCubeOfFour)
    }

    /// The estimate of `estimateNodes` and `estimateOwnNodes`.
    ///
    /// The options that fit at a node are gathered in two buffers made once per call, not in an
    /// array of tuples: its appends (a uniqueness check and a capacity check each) were a sixth
    /// of a Bedlam shard's partition (issue 37). A node's list holds each option at most once,
    /// so the options' count bounds it.
    @inline(__always)
    private func estimate(prefix: [Int], probes: Int, seed: UInt64, ownChoice: Bool) -> Double {
        var state = seed
        let capacity = max(problem.masks.count, 1)
        let fitPieces = UnsafeMutableBufferPointer<Int>.allocate(capacity: capacity)
        let fitMasks = UnsafeMutableBufferPointer<Mask>.allocate(capacity: capacity)
        defer { fitPieces.deallocate(); fitMasks.deallocate() }
        var total = 0.0
        for _ in 0..<probes {
            for (p, count) in problem.initialRemaining.enumerated() { remaining[p] = count }
            var filled = Mask(problem.initialFilled)
            for o in prefix {
                filled = filled | Mask(problem.masks[o])
                remaining[problem.optionPiece[o]] -= 1
            }
            available = 0
            for p in 0..<pieceCount where remaining[p] > 0 { available |= 1 << UInt64(p) }
            var weight = 1.0
            while !filled.isFull {
                total += weight
                guard let (key, passage) = Mask.isCubeOfFour && ownChoice ? cubeList(for: filled) : list(for: filled) else { break }
                let starts = passage ? passageStart : windowStart
                let masks = passage ? passageMasks : windowMasks
                var pieces = available & (passage ? passagePieces[key] : windowPieces[key])
                var fits = 0
                while pieces != 0 {
                    let p = pieces.trailingZeroBitCount
                    pieces &= pieces &- 1
                    for i in Int(starts[key &* pieceCount &+ p])..<Int(starts[key &* pieceCount &+ p &+ 1])
                    where masks[i].isDisjoint(with: filled) {
                        fitPieces[fits] = p
                        fitMasks[fits] = masks[i]
                        fits &+= 1
                    }
                }
                if fits == 0 { break }
                // SplitMix64.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                let pick = Int(z % UInt64(fits))
                weight *= Double(fits)
                filled = filled | fitMasks[pick]
                take(fitPieces[pick])
            }
        }
        return total / Double(max(probes, 1))
    }

    private func descend(_ filled: Mask) {
        if filled.isFull {
            leaves += 1
            if let visitor, !visitor(UnsafeBufferPointer(rebasing: stack[0..<depth])) { stopped = true }
            if leaves >= leafLimit { stopped = true }
            return
        }
        nodes &+= 1
        if nodes & 0x3FFF == 0 {
            poll?(UnsafeBufferPointer(rebasing: stack[0..<depth]), leaves)
            if isCancelled() { stopped = true; return }
        }
        if Mask.isCubeOfFour {
            let (dead, single, wide, wider) = screen(filled)
            if !dead { expandScreened(filled, single: single, wide: wide, wider: wider) }
            return
        }
        guard let (key, passage) = list(for: filled) else { return }
        if !Mask.isBoard && !Mask.cutsColumns && passage {
            branch(filled, base: key &* pieceCount, pieces: available & passagePieces[key],
                   starts: passageStart, options: passageOptions, masks: passageMasks, cuts: false)
        } else if Mask.cutsColumns {
            branch(filled, base: key &* pieceCount, pieces: available & windowPieces[key],
                   starts: windowStart, options: windowOptions, masks: windowMasks, cuts: true)
        } else {
            branch(filled, base: key &* pieceCount, pieces: available & windowPieces[key],
                   starts: windowStart, options: windowOptions, masks: windowMasks, cuts: false)
        }
    }

    /// A 4x4x4 box's node (`CubeMask`) whose parent has screened it (`branchScreened`): not a
    /// dead end by the hole and pair tests, with `pieces` (those left that have options in the
    /// list of `key`) not empty. Counted and polled like `descend`.
    private func descendScreened(_ filled: Mask, key: Int, passage: Bool, pieces: UInt64) {
        nodes &+= 1
        if nodes & 0x3FFF == 0 {
            poll?(UnsafeBufferPointer(rebasing: stack[0..<depth]), leaves)
            if isCancelled() { stopped = true; return }
        }
        branchScreened(filled, key: key, passage: passage, pieces: pieces)
    }

    /// The hole and pair tests of `list(for:)` on their own (4x4x4 box): whether the node is a
    /// dead end, and else its empty cells with a single empty neighbour, and those with at
    /// least three (`wide`) and four (`wider`) for the choice of passage (`passageCell`).
    @inline(__always)
    private func screen(_ filled: Mask) -> (dead: Bool, single: Mask, wide: Mask, wider: Mask) {
        let empty = ~filled
        let (one, two, three, four) = emptyNeighbours(of: empty)
        let single = empty & ~two
        return (!(empty & ~one).isEmpty || !walledPairs(single).isEmpty, single, empty & three, empty & four)
    }

    /// The empty cells with at least one, two, three and four empty neighbours, counted
    /// bit-sliced over the mask. The three axes are spelled out (a missing axis has empty masks)
    /// so that the count costs no loads or branches of its own; a caller that reads only `one`
    /// and `two` pays for those alone (the rest is pure and inlined: the compiler drops it).
    @inline(__always)
    private func emptyNeighbours(of empty: Mask) -> (one: Mask, two: Mask, three: Mask, four: Mask) {
        let (step, up, down) = axes
        var one = (empty >> step.0) & up.0
        var next = (empty << step.0) & down.0
        var two = one & next
        one = one | next
        next = (empty >> step.1) & up.1
        var three = two & next
        two = two | (one & next); one = one | next
        next = (empty << step.1) & down.1
        var four = three & next
        three = three | (two & next); two = two | (one & next); one = one | next
        next = (empty >> step.2) & up.2
        four = four | (three & next); three = three | (two & next); two = two | (one & next); one = one | next
        next = (empty << step.2) & down.2
        four = four | (three & next); three = three | (two & next); two = two | (one & next); one = one | next
        return (one, two, three, four)
    }

    /// The cells next to a cell of `cells`.
    @inline(__always)
    private func around(_ cells: Mask) -> Mask {
        let (step, up, down) = axes
        return ((cells >> step.0) & up.0) | ((cells << step.0) & down.0) | ((cells >> step.1) & up.1)
            | ((cells << step.1) & down.1) | ((cells >> step.2) & up.2) | ((cells << step.2) & down.2)
    }

    /// The cells of `single` (cells with one empty neighbour) whose one neighbour is another of
    /// them: two cells walled in together, which no piece is small enough to fill.
    @inline(__always)
    private func walledPairs(_ single: Mask) -> Mask {
        let (step, up, _) = axes
        return (single & up.0 & (single >> step.0)) | (single & up.1 & (single >> step.1))
            | (single & up.2 & (single >> step.2))
    }

    /// The list a screened node of a 4x4x4 box branches over, as `list(for:)` chooses it:
    /// through the first cell with one empty neighbour if there is one (a passage), else at
    /// the first empty cell; and the pieces left that have options there.
    @inline(__always)
    private func screenedList(_ filled: Mask, single: Mask, wide: Mask, wider: Mask) -> (key: Int, passage: Bool, pieces: UInt64) {
        if !single.isEmpty, let key = passage(of: passageCell(single, wide: wide, wider: wider), empty: ~filled) {
            return (key, true, available & passagePieces[key])
        }
        let cell = filled.firstAbsent
        let key = windowWidth == 0 ? cell : cell &<< windowWidth | (~filled).window(after: cell, runs: runs)
        return (key, false, available & windowPieces[key])
    }

    /// The cell of `single` (empty cells with one empty neighbour) a 4x4x4 box's node branches
    /// at: the first one whose neighbour has at most two empty neighbours (a corridor: its
    /// options all run on through the neighbour's one other way), else at most three, else the
    /// first. The fewer ways on from the neighbour, the shorter the list: Bedlam shard 1/64
    /// expands 3.51M nodes instead of 4.37M with the first cell (3.76M with corridors alone;
    /// 2.95M with the cell whose list has the fewest options that fit, too dear to find).
    /// Both choices are worked out and picked without a branch: the test of the first was
    /// mispredicted at half the passages (shard 1/64: 38M more instructions, mispredictions
    /// 11.2M -> 10.3M; shard 1/8 on one thread 0.97 of the CPU time, 16 alternating runs at
    /// load 3.6-3.9).
    @inline(__always)
    private func passageCell(_ single: Mask, wide: Mask, wider: Mask) -> Int {
        let corridor = single & ~around(wide), narrow = single & ~around(wider)
        let fallback = narrow.isEmpty ? single : narrow
        return (corridor.isEmpty ? fallback : corridor).first
    }

    /// The node of `descend` in a 4x4x4 box, screened by itself (the root of a run).
    @inline(__always)
    private func expandScreened(_ filled: Mask, single: Mask, wide: Mask, wider: Mask) {
        let (key, passage, pieces) = screenedList(filled, single: single, wide: wide, wider: wider)
        if pieces != 0 { branchScreened(filled, key: key, passage: passage, pieces: pieces) }
    }

    /// `branch` in a 4x4x4 box: each child that fits is screened here, before the call, and
    /// called only when it is no dead end by the hole and pair tests and some piece left has
    /// options in its list. Two thirds of Bedlam's nodes are dead ends (shard 1/64: 1.59M of
    /// 4.37M die at the hole and pair tests, 1.36M find no option that fits); screened in the
    /// parent they cost no call and no push of the option, and the child is handed its list.
    /// They still count as nodes, so the effort is the same figure.
    @inline(__always)
    private func branchScreened(_ filled: Mask, key: Int, passage: Bool, pieces: UInt64) {
        let base = key &* pieceCount
        let starts = passage ? passageStart : windowStart
        let options = passage ? passageOptions : windowOptions
        let masks = passage ? passageMasks : windowMasks
        var pieces = pieces
        while pieces != 0 {
            let p = pieces.trailingZeroBitCount
            pieces &= pieces &- 1
            var i = Int(starts[base &+ p])
            let end = Int(starts[base &+ p &+ 1])
            take(p)
            while i < end {
                let mask = masks[i]
                if mask.isDisjoint(with: filled) {
                    let child = filled | mask
                    if child.isFull {
                        stack[depth] = options[i]
                        depth &+= 1
                        descend(child)
                        depth &-= 1
                        if stopped { give(p); return }
                    } else {
                        let (dead, single, wide, wider) = screen(child)
                        let list = dead ? (key: 0, passage: false, pieces: UInt64(0)) : screenedList(child, single: single, wide: wide, wider: wider)
                        if list.pieces == 0 {
                            // Counted as `descend` would have; a poll falls on the next node.
                            nodes &+= 1
                        } else {
                            stack[depth] = options[i]
                            depth &+= 1
                            descendScreened(child, key: list.key, passage: list.passage, pieces: list.pieces)
                            depth &-= 1
                            if stopped { give(p); return }
                        }
                    }
                }
                i &+= 1
            }
            give(p)
        }
    }

    /// The neighbour steps and the masks of the cells that may step each way: constants in a
    /// 4x4x4 box (`CubeMask`), so that its tests shift by immediates; the fields otherwise.
    @inline(__always)
    private var axes: (step: (Int, Int, Int), up: (Mask, Mask, Mask), down: (Mask, Mask, Mask)) {
        guard Mask.isCubeOfFour else { return (step, up, down) }
        let (u, d) = (CubeMask.cubeUp, CubeMask.cubeDown)
        return (CubeMask.cubeSteps,
                (Mask(CellMask(low: u.0)), Mask(CellMask(low: u.1)), Mask(CellMask(low: u.2))),
                (Mask(CellMask(low: d.0)), Mask(CellMask(low: d.1)), Mask(CellMask(low: d.2))))
    }

    /// The list a node branches over: a window key or a passage key (without the piece), or nil
    /// when the node is a dead end (a hole no piece fits).
    @inline(__always)
    private func list(for filled: Mask) -> (key: Int, passage: Bool)? {
        let empty = ~filled
        if !Mask.isBoard && !Mask.cutsColumns && pruneSingles && !pruneBeforeDescending {
            // Each empty cell's empty neighbours, counted up to two.
            let (one, two, _, _) = emptyNeighbours(of: empty)
            if !(empty & ~one).isEmpty { return nil }
            let single = empty & ~two
            // Two cells walled in together: no piece is that small.
            if prunePairs && !single.isEmpty && !walledPairs(single).isEmpty { return nil }
            if usePassages && !single.isEmpty {
                // A cell with one empty neighbour can only be filled through that neighbour.
                if let key = passage(of: single.first, empty: empty) { return (key, true) }
            }
        }
        let cell = filled.firstAbsent
        if Mask.cutsColumns || (!Mask.isBoard && windowWidth == 0) { return (cell, false) }
        let pattern = empty.window(after: cell, runs: runs)
        return (cell &<< windowWidth | pattern, false)
    }

    /// The list a 4x4x4 box's node branches over (`screen`, `screenedList`), or nil when it is a
    /// dead end by the hole and pair tests: `list(for:)` but for the choice of passage, which
    /// Knuth's estimate keeps as the general search makes it.
    @inline(__always)
    private func cubeList(for filled: Mask) -> (key: Int, passage: Bool)? {
        let (dead, single, wide, wider) = screen(filled)
        if dead { return nil }
        let list = screenedList(filled, single: single, wide: wide, wider: wider)
        return (list.key, list.passage)
    }

    /// True when some empty cell of `filled` has no empty neighbour: a hole no piece fits.
    @inline(__always)
    private func hasIsolatedCell(_ filled: Mask) -> Bool {
        let empty = ~filled
        let (step, up, down) = axes
        var reached = (empty >> step.0) & up.0 | (empty << step.0) & down.0
            | (empty >> step.1) & up.1 | (empty << step.1) & down.1
        // Boards have no third axis.
        if !Mask.isBoard && !Mask.cutsColumns && directionCount == 3 { reached = reached | (empty >> step.2) & up.2 | (empty << step.2) & down.2 }
        return !(empty & ~reached).isEmpty
    }

    /// True when a column filled whole beyond the first empty cell walls in the empty cells
    /// before it, and no choice of the pieces has that many cells. On a board three wide a
    /// column closes often, and dead ends show several pieces earlier.
    @inline(__always)
    private func hasCutOffRegion(_ filled: Mask) -> Bool {
        var full = filled
        var k = 1
        while k < columnHeight { full = full & (filled >> k); k &+= 1 }
        let cuts = full & columnStarts & ~below[filled.firstAbsent]
        if cuts.isEmpty { return false }
        return !sizeOK[(~filled & below[cuts.first]).count]
    }

    /// The passage list key (without the piece) of a cell with a single empty neighbour: its
    /// passage key and the pattern of empty cells in its window (see `PassageTable`).
    @inline(__always)
    private func passage(of cell: Int, empty: Mask) -> Int? {
        let (step, up, down) = axes
        let passageWidth = Mask.isCubeOfFour ? CubeMask.passageWidth : self.passageWidth
        let directionCount = Mask.isCubeOfFour ? 3 : self.directionCount
        // Passage key `(cell * directions + d) * 2 + down`, for the way to the empty neighbour.
        let d0 = cell &* directionCount &* 2
        let key: Int
        if Mask.isCubeOfFour {
            // The way to the one empty neighbour as a sum of flags, not a chain of branches:
            // the way is as good as random from node to node, and the chain was mispredicted
            // at most passage nodes. Exactly one flag is set (a passage has one empty neighbour).
            // Each flag is the cell's bit shifted down (`bits(from:count:)`): written as
            // `contains(cell) ? 1 : 0` the compiler made the sum a chain of branches again
            // (Bedlam shard 1/64: branches 54.8M -> 49.1M, cachegrind's mispredictions 12.2M ->
            // 11.2M, instructions 734M -> 730M; shard 1/8 on one thread 0.90 of the CPU time,
            // 7 alternating runs at load 3.7).
            @inline(__always) func flag(_ m: Mask) -> Int { m.bits(from: cell, count: 1) }
            key = d0 &+ flag((empty << step.0) & down.0) &+ 2 &* flag((empty >> step.1) & up.1)
                &+ 3 &* flag((empty << step.1) & down.1) &+ 4 &* flag((empty >> step.2) & up.2)
                &+ 5 &* flag((empty << step.2) & down.2)
        } else if up.0.contains(cell) && empty.contains(cell &+ step.0) { key = d0 }
        else if down.0.contains(cell) && empty.contains(cell &- step.0) { key = d0 &+ 1 }
        else if up.1.contains(cell) && empty.contains(cell &+ step.1) { key = d0 &+ 2 }
        else if down.1.contains(cell) && empty.contains(cell &- step.1) { key = d0 &+ 3 }
        else if up.2.contains(cell) && empty.contains(cell &+ step.2) { key = d0 &+ 4 }
        else if down.2.contains(cell) && empty.contains(cell &- step.2) { key = d0 &+ 5 }
        else { return nil }
        var pattern = 0
        let window = key &* passageWidth
        for j in 0..<passageWidth {
            if empty.contains(Int(passageWindow[window &+ j])) { pattern |= 1 &<< j }
        }
        return key &<< passageWidth | pattern
    }

    /// Tries every option of one list (per piece, from `base`, for the pieces in `pieces`: those
    /// left that have options there) that fits, and searches on.
    @inline(__always)
    private func branch(_ filled: Mask, base: Int, pieces: UInt64, starts: UnsafeMutableBufferPointer<Int32>,
                        options: UnsafeMutableBufferPointer<Int32>, masks: UnsafeMutableBufferPointer<Mask>, cuts: Bool) {
        var pieces = pieces
        while pieces != 0 {
            let p = pieces.trailingZeroBitCount
            pieces &= pieces &- 1
            var i = Int(starts[base &+ p])
            let end = Int(starts[base &+ p &+ 1])
            take(p)
            while i < end {
                let mask = masks[i]
                if mask.isDisjoint(with: filled)
                    && !((Mask.isBoard || Mask.cutsColumns || pruneBeforeDescending) && hasIsolatedCell(filled | mask))
                    && !(cuts && hasCutOffRegion(filled | mask)) {
                    stack[depth] = options[i]
                    depth &+= 1
                    descend(filled | mask)
                    depth &-= 1
                    if stopped { give(p); return }
                }
                i &+= 1
            }
            give(p)
        }
    }

    @inline(__always)
    private func take(_ p: Int) {
        if singleCopies { available &= ~(1 &<< UInt64(p)); return }
        remaining[p] &-= 1
        if remaining[p] == 0 { available &= ~(1 &<< UInt64(p)) }
    }

    @inline(__always)
    private func give(_ p: Int) {
        if singleCopies { available |= 1 &<< UInt64(p); return }
        remaining[p] &+= 1
        available |= 1 &<< UInt64(p)
    }
}
