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
    /// The bit of each figure cell.
    let cellIndex: [Cell: Int]
    /// Each piece's distinct orientations.
    let orientations: PieceOrientations
    /// The number of cubes of the smallest piece: no hole smaller than this can be filled.
    let smallestPiece: Int
    /// Cells already covered before the search: pre-placed pieces and the unused bits above
    /// `cells.count`, so that "all bits set" means "solved".
    let initialFilled: CellMask
    /// Copies of each piece still to place once the pre-placed pieces are down.
    let initialRemaining: [Int]
    /// The pre-placed pieces, as they appear in every solution.
    let preplacedPieces: [PlacedPiece]
    /// Option masks, sorted by (anchor, piece).
    let masks: [CellMask]
    let optionPiece: [Int]
    let optionPlacement: [Placement]
    let optionCells: [[Int]]
    /// Options anchored at cell `c` for piece `p` are `anchoredStart[c * pieces.count + p] ..<
    /// anchoredStart[c * pieces.count + p + 1]`.
    let anchoredStart: [Int32]
    /// Options covering both a cell and its neighbour one step along a direction (up or down
    /// along one of `layout.directions`): for cell `c`, direction `d`, `up` 0 or `down` 1 and
    /// piece `p`, they are `passageOptions[passageStart[key] ..< passageStart[key + 1]]` with
    /// `key = ((c * directions + d) * 2 + down) * pieces + p`, their masks alongside in
    /// `passageMasks`. A cell with a single empty neighbour can only be filled through it, so the
    /// search branches on these short lists there.
    /// For each anchor cell `c`, the `windowWidth` cells its options cover most often:
    /// `windows[c * windowWidth + j]` (`CellMask.capacity` when unused). A search at `c` reads
    /// which of them are empty (a *pattern*, bit `j` for cell `j`) and tries only the options
    /// that cover no filled window cell: for piece `p` they are
    /// `windowOptions[windowStart[key] ..< windowStart[key + 1]]`, `key = (c << windowWidth |
    /// pattern) * pieces + p`, with their masks alongside in `windowMasks`. Most misfits are
    /// thus never looked at.
    let windows: [Int]
    let windowStart: [Int32]
    let windowOptions: [Int32]
    let windowMasks: [CellMask]
    let passageStart: [Int32]
    let passageOptions: [Int32]
    let passageMasks: [CellMask]

    init(figure: Figure) throws(SolverError) {
        let name = figure.name
        let set = figure.pieceSet
        guard !figure.cells.isEmpty else { throw .emptyFigure(figure: name) }
        guard figure.cells.count <= CellMask.capacity else {
            throw .tooManyCells(figure: name, cells: figure.cells.count, maximum: CellMask.capacity)
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
        var cellIndex: [Cell: Int] = [:]
        for (i, c) in cells.enumerated() where layout.figureMask.contains(i) { cellIndex[c] = i }
        self.cellIndex = cellIndex
        self.smallestPiece = set.pieces.map(\.shape.count).min() ?? 0

        var filled = ~layout.figureMask
        var remaining = set.pieces.map(\.copies)
        for placed in figure.preplaced {
            guard let p = set.pieces.firstIndex(where: { $0.letter == placed.letter }) else {
                throw .unknownPiece(figure: name, letter: placed.letter, known: set.pieces.map(\.letter))
            }
            guard Shape(placed.cells).canonical(under: set.orientationGroup)
                == set.pieces[p].shape.canonical(under: set.orientationGroup),
                Set(placed.cells).count == placed.cells.count
            else { throw .wrongShape(figure: name, letter: placed.letter) }
            let indices = placed.cells.compactMap { cellIndex[$0] }
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
        self.initialFilled = filled
        self.initialRemaining = remaining
        self.preplacedPieces = figure.preplaced.map { placed in
            let piece = set.piece(placed.letter)!
            let target = Shape(placed.cells)
            var cellsLow = placed.cells[0]
            for c in placed.cells { cellsLow.x = min(cellsLow.x, c.x); cellsLow.y = min(cellsLow.y, c.y); cellsLow.z = min(cellsLow.z, c.z) }
            let g = set.orientationGroup.first { piece.shape.transformed(by: $0) == target }!
            let turned = piece.shape.cells.map(g.apply)
            var low = turned[0]
            for c in turned { low.x = min(low.x, c.x); low.y = min(low.y, c.y); low.z = min(low.z, c.z) }
            return PlacedPiece(placement: Placement(piece: placed.letter, orientation: g, offset: cellsLow - low),
                               cells: placed.cells)
        }

        // Every placement of every piece inside the free cells.
        struct Option { var anchor: Int; var piece: Int; var mask: CellMask; var placement: Placement; var cells: [Int] }
        var options: [Option] = []
        let orientations = PieceOrientations(set)
        self.orientations = orientations
        for (p, piece) in set.pieces.enumerated() {
            for orientation in orientations.orientations[p] {
                let head = orientation.cells[0]
                for target in figure.cells {
                    let shift = target - head
                    var indices: [Int] = []
                    for c in orientation.cells {
                        guard let i = cellIndex[c + shift], !filled.contains(i) else { break }
                        indices.append(i)
                    }
                    guard indices.count == orientation.cells.count else { continue }
                    indices.sort()
                    options.append(Option(
                        anchor: indices[0], piece: p, mask: CellMask(indices: indices),
                        placement: Placement(piece: piece.letter, orientation: orientation.isometry,
                                             offset: shift - orientation.low),
                        cells: indices))
                }
            }
        }
        options.sort { ($0.anchor, $0.piece) < ($1.anchor, $1.piece) }
        self.masks = options.map(\.mask)
        self.optionPiece = options.map(\.piece)
        self.optionPlacement = options.map(\.placement)
        self.optionCells = options.map(\.cells)
        var starts = [Int32](repeating: 0, count: cells.count * set.pieces.count + 1)
        var next = 0
        for slot in 0..<starts.count {
            starts[slot] = Int32(next)
            while next < options.count, options[next].anchor * set.pieces.count + options[next].piece == slot {
                next += 1
            }
        }
        self.anchoredStart = starts

        // Options through each cell and its neighbour in each direction.
        let directions = layout.directions
        let keyCount = cells.count * 2 * directions.count * set.pieces.count
        var buckets = [[Int32]](repeating: [], count: keyCount)
        for (o, option) in options.enumerated() {
            for c in option.cells {
                for (d, direction) in directions.enumerated() {
                    if direction.canStepUp.contains(c), option.mask.contains(c + direction.step) {
                        buckets[((c * directions.count + d) * 2) * set.pieces.count + option.piece].append(Int32(o))
                    }
                    if direction.canStepDown.contains(c), option.mask.contains(c - direction.step) {
                        buckets[((c * directions.count + d) * 2 + 1) * set.pieces.count + option.piece].append(Int32(o))
                    }
                }
            }
        }
        var passageStart: [Int32] = [0]
        passageStart.reserveCapacity(keyCount + 1)
        var passageOptions: [Int32] = []
        for bucket in buckets {
            passageOptions += bucket
            passageStart.append(Int32(passageOptions.count))
        }
        self.passageStart = passageStart
        self.passageOptions = passageOptions
        self.passageMasks = passageOptions.map { options[Int($0)].mask }

        // Window buckets: per anchor cell, the cells its options use most often.
        let width = ExactCover.windowWidth
        var windows = [Int](repeating: CellMask.capacity, count: cells.count * width)
        var bucketLists = [[Int32]](repeating: [], count: cells.count * (1 << width) * set.pieces.count)
        var o = 0
        while o < options.count {
            let anchor = options[o].anchor
            var end = o
            while end < options.count, options[end].anchor == anchor { end += 1 }
            var uses: [Int: Int] = [:]
            for option in options[o..<end] { for c in option.cells.dropFirst() { uses[c, default: 0] += 1 } }
            let window = uses.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(width).map(\.key)
            for (j, c) in window.enumerated() { windows[anchor * width + j] = c }
            for k in o..<end {
                var used = 0
                for (j, c) in window.enumerated() where options[k].mask.contains(c) { used |= 1 << j }
                for pattern in 0..<(1 << width) where pattern & used == used {
                    bucketLists[(anchor << width | pattern) * set.pieces.count + options[k].piece].append(Int32(k))
                }
            }
            o = end
        }
        var windowStart: [Int32] = [0]
        windowStart.reserveCapacity(bucketLists.count + 1)
        var windowOptions: [Int32] = []
        for list in bucketLists {
            windowOptions += list
            windowStart.append(Int32(windowOptions.count))
        }
        self.windows = windows
        self.windowStart = windowStart
        self.windowOptions = windowOptions
        self.windowMasks = windowOptions.map { options[Int($0)].mask }
    }

    /// How many cells a window holds.
    static let windowWidth = 6

    var cellCount: Int { cells.count }
    var pieceCount: Int { pieces.count }
    var optionCount: Int { masks.count }

    /// Options of `piece`, in option order.
    func options(of piece: Int) -> [Int] {
        (0..<masks.count).filter { optionPiece[$0] == piece }
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
