import Polycube

/// A figure stated as an exact-cover problem, in Knuth's words: the *items* are the figure's cells
/// (each covered exactly once) and its pieces (each used as many times as the set holds copies),
/// and the *options* are the placements, one per piece, pose and position inside the figure.
///
/// Built once per figure; the search only reads it. The layout serves the search:
/// - cells are numbered so that the scan runs along the figure's shortest axis first (a 6x10
///   board is filled column by column of 6, not row by row of 10), which keeps the frontier short
///   and the dead ends early;
/// - each option is a `CellMask`, so testing a fit is one AND per word;
/// - options are sorted by their lowest cell (their *anchor*) and then by piece, so the options
///   that can fill a given empty cell first are one contiguous run per piece.
struct ExactCover: Sendable {
    let figure: Figure
    let pieces: [Piece]
    /// The numbering of the cells; see `CellLayout`.
    let layout: CellLayout
    /// The cell of each bit: `cells[i]` is the cell of bit `i` (for a box layout, positions
    /// outside the figure too; they start filled).
    let cells: [Cell]
    /// The bit of a figure cell, nil for a cell outside the figure.
    @inline(__always)
    func cellIndex(_ c: Cell) -> Int? { layout.index(of: c) }
    /// Each piece's distinct orientations.
    let orientations: PieceOrientations
    /// The number of cubes of the smallest piece: no hole smaller than this can be filled.
    let smallestPiece: Int
    /// Cells already covered before the search: pre-placed pieces and the unused bits above
    /// `cells.count`, so that "all bits set" means "solved".
    let initialFilled: CellMask
    /// Per piece, the free cells marked with its letter (`Figure.markedCells`): only that piece
    /// has options covering them.
    let markedCells: [CellMask]
    /// Copies of each piece still to place once the pre-placed pieces are down.
    let initialRemaining: [Int]
    /// The pre-placed pieces, as they appear in every solution.
    let preplacedPieces: [PlacedPiece]
    /// Option masks, sorted by (anchor, piece).
    let masks: [CellMask]
    let optionPiece: [Int]
    /// Per option, its orientation among the piece's (`orientations`); its cells are the bits
    /// of its mask (`CellMask.forEachIndex`).
    let optionOrientation: [Int32]
    /// Options anchored at cell `c` for piece `p` are `anchoredStart[c * pieces.count + p] ..<
    /// anchoredStart[c * pieces.count + p + 1]`.
    let anchoredStart: [Int32]
    /// True for a board three cells wide (3x20): its whole search is a few thousand nodes, so
    /// it is set up and run as a small figure's (see `isShortSearch`).
    let isNarrowBoard: Bool
    /// True when the search is expected to take well under a millisecond: a figure of fewer
    /// than `largeFigure` cells, or a narrow board. Such a search gets no windows (building
    /// them would cost more than they save) and runs on one thread (waking a second one
    /// costs more than the whole search).
    let isShortSearch: Bool
    /// True for a board four cells wide or more whose pieces all have two cells or more: its
    /// search has a window, no passages, and tests for holes before descending (`BoardMask`).
    let isBoardSearch: Bool
    /// True for a large search in a box of 4x4x4 cells with passage windows (the Bedlam cube):
    /// it runs with the box's steps and masks as constants (`CubeMask`), and with the search's
    /// switches too, so only a figure that sets them as Bedlam does takes it: one copy of each
    /// piece, none smaller than three cells (pairs and passages tested).
    var isCubeOfFour: Bool {
        !isShortSearch && cells.count <= 64 && passages.width == CubeMask.passageWidth && CubeMask.fits(layout)
            && usesPassages && layout.isSolid && smallestPiece >= 3 && pieces.allSatisfy { $0.copies == 1 }
    }
    /// How many cells a window holds (0: none, the lists are the anchored options).
    let windowWidth: Int
    /// True when the search fills cells with a single empty neighbour first (see `SearchEngine`).
    let usesPassages: Bool
    /// The option lists of those cells (empty unless `usesPassages`).
    let passages: PassageTable
    /// For each anchor cell `c`, a window of `windowWidth` cells after it (`windowRuns`). A
    /// search at `c` reads which of them are empty (a *pattern*, bit `j` for the window's cell
    /// `j`) and tries only the options
    /// that cover no filled window cell: for piece `p` they are
    /// `windowOptions[windowStart[key] ..< windowStart[key + 1]]`, `key = (c << windowWidth |
    /// pattern) * pieces + p`, with their masks alongside in `windowMasks`. Most misfits are
    /// thus never looked at.
    let windowRuns: [(offset: Int, length: Int)]
    let windowStart: [Int32]
    /// Per window key without the piece (`c << windowWidth | pattern`), the pieces that have
    /// options there, so the search skips the others with one AND.
    let windowPieces: [UInt64]
    let windowOptions: [Int32]
    let windowMasks: [CellMask]

    init(figure: Figure) throws(SolverError) {
        let name = figure.name
        let set = figure.pieceSet
        guard !figure.cells.isEmpty else { throw .emptyFigure(figure: name) }
        guard figure.cells.count <= CellMask.capacity else {
            throw .tooManyCells(figure: name, cells: figure.cells.count, maximum: CellMask.capacity)
        }
        guard set.pieces.count <= ExactCover.maximumPieces else {
            throw .tooManyPieces(pieceSet: set.name, pieces: set.pieces.count, maximum: ExactCover.maximumPieces)
        }
        guard figure.cells.count == set.cellCount else {
            throw .cellCountMismatch(figure: name, cells: figure.cells.count, pieceCells: set.cellCount)
        }
        self.figure = figure
        self.pieces = set.pieces
        let layout = CellLayout(figure.cells)
        self.layout = layout
        let cells = layout.slots
        self.cells = cells
        self.smallestPiece = set.pieces.map(\.shape.count).min() ?? 0

        let orientations = PieceOrientations.of(set)
        self.orientations = orientations
        var filled = ~layout.figureMask
        var remaining = set.pieces.map(\.copies)
        for placed in figure.preplaced {
            guard let p = set.pieces.firstIndex(where: { $0.letter == placed.letter }) else {
                throw .unknownPiece(figure: name, letter: placed.letter, known: set.pieces.map(\.letter))
            }
            // Its cells, normalised, must be one of the piece's orientations (no duplicates: a
            // shape drops them): a look-up in the set's orientations, worked out once per set,
            // where two canonical forms turned both shapes every way.
            let drawn = Shape(placed.cells)
            guard drawn.count == placed.cells.count,
                  orientations.orientations[p].contains(where: { $0.cells == drawn.cells })
            else { throw .wrongShape(figure: name, letter: placed.letter) }
            let indices = placed.cells.compactMap { layout.index(of: $0) }
            guard indices.count == placed.cells.count else {
                throw .preplacedOutsideFigure(figure: name, letter: placed.letter)
            }
            let mask = CellMask(indices: indices)
            guard mask.isDisjoint(with: filled) else {
                let others = figure.preplaced.filter { other in
                    other.letter != placed.letter && other.cells.contains { placed.cells.contains($0) }
                }.map(\.letter)
                throw .preplacedOverlap(figure: name, letters: [placed.letter] + others.prefix(1))
            }
            guard remaining[p] > 0 else {
                throw .tooManyCopies(figure: name, letter: placed.letter, copies: set.pieces[p].copies)
            }
            remaining[p] -= 1
            filled = filled | mask
        }
        // Cells marked with a piece's letter: no other piece may cover them.
        var marked = [CellMask](repeating: .empty, count: set.pieces.count)
        for (cell, letter) in figure.markedCells.sorted(by: { $0.key < $1.key }) {
            guard let p = set.pieces.firstIndex(where: { $0.letter == letter }) else {
                throw .unknownPiece(figure: name, letter: letter, known: set.pieces.map(\.letter))
            }
            guard let i = layout.index(of: cell) else { throw .preplacedOutsideFigure(figure: name, letter: letter) }
            if !filled.contains(i) { marked[p].insert(i) }
        }
        self.markedCells = marked
        let allMarked = marked.reduce(CellMask.empty, |)
        let forbidden = marked.map { allMarked & ~$0 }
        self.initialFilled = filled
        self.initialRemaining = remaining
        self.preplacedPieces = figure.preplaced.map { placed in
            let piece = set.piece(placed.letter)!
            let target = Shape(placed.cells)
            let g = set.orientationGroup.first { piece.shape.transformed(by: $0) == target }!
            let offset = Bounds(placed.cells).lo - Bounds(piece.shape.cells.map(g.apply)).lo
            return PlacedPiece(placement: Placement(piece: placed.letter, orientation: g, offset: offset),
                               cells: placed.cells)
        }

        // Every placement of every piece inside the free cells, sorted by (anchor, piece) with
        // a counting sort: one pass of the placements writes them into scratch buffers and
        // counts each list, a second pass over the scratch writes every option straight into
        // its slot of the final arrays. Within a list the options keep the order the
        // placements come in. Unsorted lists appended through a closure and then mapped into
        // order three times were a tenth of setting up a 3x20 board (issue 37). An orientation
        // has at most one placement per slot of the layout (one translation each), which
        // bounds the scratch.
        let pieceCount = set.pieces.count
        let keyCount = cells.count * pieceCount
        let turnCount = orientations.orientations.reduce(0) { $0 + $1.count }
        let bound = max(cells.count * turnCount, 1)
        let scratchMasks = UnsafeMutableBufferPointer<CellMask>.allocate(capacity: bound)
        let scratchKinds = UnsafeMutableBufferPointer<Int32>.allocate(capacity: bound)
        defer { scratchMasks.deallocate(); scratchKinds.deallocate() }
        var optionCount = 0
        var anchored = [Int32](repeating: 0, count: keyCount + 1)
        anchored.withUnsafeMutableBufferPointer { start in
            for p in set.pieces.indices {
                let free = ~(filled | forbidden[p])
                // Read in place: a copy of each orientation cost more than its placements.
                orientations.orientations[p].withUnsafeBufferPointer { turns in
                    for k in turns.indices {
                        layout.forEachPlacement(of: turns[k].cells, inside: free) { mask in
                            precondition(optionCount < bound, "ExactCover: more placements than slots")
                            start[mask.first &* pieceCount &+ p &+ 1] &+= 1
                            (scratchMasks.baseAddress! + optionCount).initialize(to: mask)
                            scratchKinds[optionCount] = Int32(truncatingIfNeeded: p &<< 16 | k)
                            optionCount &+= 1
                        }
                    }
                }
            }
            for key in 0..<keyCount { start[key &+ 1] &+= start[key] }
        }
        var next = anchored
        // Every slot is written below: no need to clear the arrays first.
        var masks: [CellMask] = []
        var optionPiece: [Int] = []
        let optionOrientation = [Int32](unsafeUninitializedCapacity: optionCount) { kinds, kindCount in
            optionPiece = [Int](unsafeUninitializedCapacity: optionCount) { pieceOf, writtenPieces in
                masks = [CellMask](unsafeUninitializedCapacity: optionCount) { maskOf, maskCount in
                    next.withUnsafeMutableBufferPointer { next in
                        for i in 0..<optionCount {
                            let mask = scratchMasks[i]
                            let p = Int(scratchKinds[i] &>> 16)
                            let key = mask.first &* pieceCount &+ p
                            let slot = Int(next[key])
                            next[key] = Int32(truncatingIfNeeded: slot &+ 1)
                            (maskOf.baseAddress! + slot).initialize(to: mask)
                            (pieceOf.baseAddress! + slot).initialize(to: p)
                            (kinds.baseAddress! + slot).initialize(to: scratchKinds[i] & 0xFFFF)
                        }
                    }
                    maskCount = optionCount
                }
                writtenPieces = optionCount
            }
            kindCount = optionCount
        }
        self.masks = masks
        self.optionPiece = optionPiece
        self.optionOrientation = optionOrientation
        self.anchoredStart = anchored

        // Options through each cell and its only empty neighbour.
        let large = figure.cells.count >= ExactCover.largeFigure
        isNarrowBoard = large && layout.directions.count == 2 && layout.directions[1].step <= 3
        isShortSearch = !large || isNarrowBoard
        isBoardSearch = !isShortSearch && layout.directions.count == 2 && smallestPiece >= 2
        // In solid figures: large ones sort these lists by pattern too, small ones would not
        // repay building that (measured on the 26 Soma figures).
        usesPassages = layout.isSolid && smallestPiece >= 2
        passages = usesPassages
            ? PassageTable(layout: layout, cellCount: cells.count, pieceCount: pieceCount,
                           optionMasks: masks, optionPieces: optionPiece, windowed: large)
            : .none

        // Window buckets: an option goes into every pattern of empty window cells it fits.
        // On a board, a window one cell longer than the short side (the rest of the anchor's
        // column and the next cell or two) up to six: a wider one costs more to build than it
        // saves on a narrow board; a board three wide gets none (see `SearchEngine`).
        let boardWidth = layout.directions.count == 2 ? layout.directions[1].step : 6
        let width = isShortSearch ? 0 : min(6, boardWidth + 1)
        windowWidth = width
        let runs = ExactCover.windowRuns(layout, width: width)
        self.windowRuns = runs
        let cellCount = cells.count
        guard width > 0 else {
            // Without a window the lists are the anchored ones, already in order.
            windowStart = anchoredStart
            windowPieces = ExactCover.piecesPresent(in: anchoredStart, pieceCount: pieceCount)
            windowOptions = Array(0..<Int32(optionCount))
            windowMasks = masks
            return
        }
        // An option that walls in a pocket of free cells no choice of pieces fills never
        // belongs to a solution: the search's lists leave it out (`masks` keep it, for the
        // game's positions).
        let dead = DeadPockets.options(masks, layout: layout, filled: filled, remaining: remaining,
                                       pieces: set.pieces)
        let tables = ExactCover.windowLists(masks: masks, pieces: optionPiece, dead: dead, cellCount: cellCount,
                                            pieceCount: pieceCount, width: width, runs: WindowRuns(runs))
        self.windowStart = tables.start
        self.windowPieces = tables.present
        self.windowOptions = tables.options
        self.windowMasks = tables.masks
    }

    /// The window lists (see `windowStart`): each live option goes into the list of its anchor,
    /// its piece and every pattern of empty window cells it fits, by a counting sort over two
    /// passes that read the window once per option (`SearchMask.window`, as the search reads it)
    /// and fill the lists, their masks and the pieces present in the same passes. Unchecked
    /// buffers: a 4x15 board has 23,040 lists and 12,152 entries, and this was a third of its
    /// set-up with a closure per entry and a pass per table.
    private static func windowLists(masks: [CellMask], pieces: [Int], dead: [Bool], cellCount: Int, pieceCount: Int,
                                    width: Int, runs: WindowRuns)
        -> (start: [Int32], present: [UInt64], options: [Int32], masks: [CellMask]) {
        let groups = cellCount << width
        let keyCount = groups * pieceCount
        let full = (1 << width) - 1
        var start = [Int32](repeating: 0, count: keyCount + 1)
        var present = [UInt64](repeating: 0, count: groups)
        var used = [Int](repeating: -1, count: masks.count)
        masks.withUnsafeBufferPointer { masks in
            start.withUnsafeMutableBufferPointer { start in
                present.withUnsafeMutableBufferPointer { present in
                    for k in masks.indices where !dead[k] {
                        let anchor = masks[k].first
                        let bits = masks[k].window(after: anchor, runs: runs)
                        used[k] = bits
                        let p = pieces[k]
                        let free = full & ~bits
                        var extra = free
                        while true {
                            let group = anchor &<< width | bits | extra
                            start[group &* pieceCount &+ p &+ 1] &+= 1
                            present[group] |= 1 &<< UInt64(p)
                            if extra == 0 { break }
                            extra = (extra &- 1) & free
                        }
                    }
                    for key in 0..<keyCount { start[key &+ 1] &+= start[key] }
                }
            }
        }
        let total = Int(start[keyCount])
        var next = start
        // Every slot is written below: no need to clear the lists first.
        var listMasks: [CellMask] = []
        let options = [Int32](unsafeUninitializedCapacity: total) { options, written in
            listMasks = [CellMask](unsafeUninitializedCapacity: total) { listMasks, maskCount in
                masks.withUnsafeBufferPointer { masks in
                    next.withUnsafeMutableBufferPointer { next in
                        for k in masks.indices where used[k] >= 0 {
                            let anchor = masks[k].first
                            let bits = used[k]
                            let p = pieces[k]
                            let free = full & ~bits
                            var extra = free
                            while true {
                                let key = (anchor &<< width | bits | extra) &* pieceCount &+ p
                                let slot = Int(next[key])
                                next[key] = Int32(slot &+ 1)
                                (options.baseAddress! + slot).initialize(to: Int32(k))
                                (listMasks.baseAddress! + slot).initialize(to: masks[k])
                                if extra == 0 { break }
                                extra = (extra &- 1) & free
                            }
                        }
                    }
                }
                maskCount = total
            }
            written = total
        }
        return (start, present, options, listMasks)
    }

    /// For lists grouped per piece (`start` as in `FlatBuckets`, `pieceCount` keys per group),
    /// the set of pieces whose list is not empty, one bit per piece, per group.
    static func piecesPresent(in start: [Int32], pieceCount: Int) -> [UInt64] {
        let groups = (start.count - 1) / max(pieceCount, 1)
        var present = [UInt64](repeating: 0, count: groups)
        // Unchecked buffers: a 3x20 board has 46,080 lists, and this loop with bounds checks
        // was a sixth of setting the board up.
        start.withUnsafeBufferPointer { start in
            present.withUnsafeMutableBufferPointer { present in
                var k = 0
                for g in 0..<groups {
                    var bits: UInt64 = 0
                    for p in 0..<pieceCount {
                        if start[k &+ 1] != start[k] { bits |= 1 &<< UInt64(p) }
                        k &+= 1
                    }
                    present[g] = bits
                }
            }
        }
        return present
    }

    /// The search keeps the pieces left as bits of a 64-bit word.
    static let maximumPieces = 64

    /// From this many cells on, a figure gets windows and windowed passage lists: below it the search is so
    /// short that building them would take longer than they save.
    static let largeFigure = 48

    /// The window as runs of consecutive bits after the anchor `c`: `(offset, length)` stands
    /// for cells `c + offset ..< c + offset + length`. Chosen from the layout's neighbour steps
    /// so that the window holds the anchor's next neighbours along each axis (the cells a piece
    /// anchored at `c` most often uses), and so that the search reads the window's pattern with
    /// a shift per run.
    static func windowRuns(_ layout: CellLayout, width: Int) -> [(offset: Int, length: Int)] {
        guard width == 6 else { return width == 0 ? [] : [(1, width)] }
        let steps = layout.directions.map(\.step).sorted()
        switch steps.count {
        // A short fastest axis (a slab two cells thick) would make the first two runs overlap.
        case 3 where steps[1] <= 3: return [(1, 4), (steps[2], 2)]
        case 3: return [(1, 2), (steps[1] - 1, 3), (steps[2], 1)]
        case 2: return [(1, 3), (steps[1] - 1, 3)]
        default: return [(1, 6)]
        }
    }

    var cellCount: Int { cells.count }
    var pieceCount: Int { pieces.count }
    var optionCount: Int { masks.count }

    /// Options of `piece`, in option order.
    func options(of piece: Int) -> [Int] {
        var result: [Int] = []
        for anchor in 0..<cells.count {
            let slot = anchor * pieces.count + piece
            result += Int(anchoredStart[slot])..<Int(anchoredStart[slot + 1])
        }
        return result
    }

    /// The placement of an option, worked out from its cells: the orientation's normalised
    /// cells are moved to the lowest corner of the option's cells.
    func placement(of option: Int) -> Placement {
        let p = optionPiece[option]
        let orientation = orientations.orientations[p][Int(optionOrientation[option])]
        let lowest = Bounds(masks[option].indices.map { cells[$0] }).lo
        return Placement(piece: pieces[p].letter, orientation: orientation.isometry, offset: lowest - orientation.low)
    }

    /// Every piece's options (`options(of:)` for all pieces), in one pass.
    /// Each list is gathered whole from the anchored runs (an append per option to a list in an
    /// array of lists checked the outer array's uniqueness every time: a tenth of a 3x20 count).
    func optionsByPiece() -> [[Int]] {
        let pieceCount = pieces.count
        return anchoredStart.withUnsafeBufferPointer { start in
            (0..<pieceCount).map { p in
                var list: [Int] = []
                list.reserveCapacity(masks.count / max(pieceCount, 1) * 2)
                for anchor in 0..<cells.count {
                    let slot = anchor &* pieceCount &+ p
                    for o in Int(start[slot])..<Int(start[slot &+ 1]) { list.append(o) }
                }
                return list
            }
        }
    }

    /// The option covering exactly `cells` with `piece`, if there is one.
    func option(piece: Int, mask: CellMask) -> Int? {
        let anchor = mask.first
        guard anchor < cells.count else { return nil }
        let slot = anchor * pieces.count + piece
        for i in Int(anchoredStart[slot])..<Int(anchoredStart[slot + 1]) where masks[i] == mask { return i }
        return nil
    }
}

