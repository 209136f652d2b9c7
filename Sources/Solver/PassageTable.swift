/// The option lists the search uses at a *passage*: an empty cell `s` whose only empty neighbour
/// is `n`, so that whatever covers `s` also covers `n` (see `SearchEngine`).
///
/// A passage is named by a *passage key* `k = (s * directions + d) * 2 + down`: `n` is one step
/// from `s` along direction `d`, up (`down` 0) or down (`down` 1). Two filters keep its lists
/// short, and the search's time is mostly spent trying options from them (in a 3x4x5 box nine in
/// ten option tests were passage tests before these filters):
/// - *static:* an option through `s` that covers any other neighbour of `s` never fits there, as
///   those neighbours are filled by definition, so it is left out;
/// - *window:* the search reads which of the other neighbours of `n` (the `width` cells of
///   `windowCells`, five in a box) are empty, a *pattern*, and tries only the options that cover
///   none of the filled ones. Every piece of three cubes or more leaves `n` through one of them.
/// For piece `p`, the list of passage `k` under `pattern` is `options[start[key] ..< start[key +
/// 1]]` with `key = (k << width | pattern) * pieces + p`, the masks alongside in `masks`.
struct PassageTable: Sendable {
    /// How many cells a passage window holds (0 when there are no passages).
    let width: Int
    /// Per passage key, the `width` cells of its window. A slot with no cell (`n` on the box's
    /// face) holds a filled neighbour of `s` instead, so that it always reads as filled and the
    /// search reads every slot alike.
    let windowCells: [Int32]
    let start: [Int32]
    /// Per `k << width | pattern`, the pieces with options there, one bit each.
    let pieces: [UInt64]
    let options: [Int32]
    let masks: [CellMask]

    /// No passages: empty lists (the search then never asks for one).
    static let none = PassageTable(width: 0, windowCells: [], start: [0], pieces: [], options: [], masks: [])

    private init(width: Int, windowCells: [Int32], start: [Int32], pieces: [UInt64], options: [Int32],
                 masks: [CellMask]) {
        self.width = width
        self.windowCells = windowCells
        self.start = start
        self.pieces = pieces
        self.options = options
        self.masks = masks
    }

    /// The passage lists of a box layout's cells, for options given by their masks and pieces.
    /// `windowed` sorts them by pattern (large figures); without, each passage has one list
    /// per piece (`width` 0), which is all a 27-cell figure's short search repays.
    init(layout: CellLayout, cellCount: Int, pieceCount: Int, optionMasks: [CellMask], optionPieces: [Int],
         windowed: Bool) {
        let directions = layout.directions
        let width = windowed ? 2 * directions.count - 1 : 0
        let keyCount = cellCount * directions.count * 2
        /// The neighbour of `c` one step along `d`, up or down, if it is inside the box.
        func neighbour(_ c: Int, _ d: Int, down: Bool) -> Int? {
            let direction = directions[d]
            if down { return direction.canStepDown.contains(c) ? c - direction.step : nil }
            return direction.canStepUp.contains(c) ? c + direction.step : nil
        }
        // Per cell, its neighbours in the box: an option through `s` passes at `s` exactly when
        // it covers one of them, `n` (the others are filled by definition of a passage).
        var around = [CellMask](repeating: .empty, count: cellCount)
        for s in 0..<cellCount {
            for d in directions.indices {
                for down in 0..<2 {
                    if let n = neighbour(s, d, down: down == 1) { around[s].insert(n) }
                }
            }
        }
        guard windowed else {
            self.init(unwindowed: around, steps: directions.map(\.step), keyCount: keyCount, pieceCount: pieceCount,
                      optionMasks: optionMasks, optionPieces: optionPieces)
            return
        }
        // Per key (windowed only): the window cells, nil outside the box.
        var windowsOf = [[Int?]](repeating: [], count: windowed ? keyCount : 0)
        var windowCells = [Int32](repeating: 0, count: keyCount * width)
        for s in 0..<cellCount where windowed {
            for d in directions.indices {
                for downBit in 0..<2 {
                    let down = downBit == 1
                    let k = (s * directions.count + d) * 2 + downBit
                    guard let n = neighbour(s, d, down: down) else { continue }
                    var window: [Int?] = []
                    for e in directions.indices {
                        for back in [false, true] where !(e == d && back != down) {
                            window.append(neighbour(n, e, down: back))
                        }
                    }
                    windowsOf[k] = window
                    // In a box at least three cells long every way, `s` has a neighbour besides
                    // `n` (a wall): it fills the slots outside the box.
                    var only = CellMask.empty
                    only.insert(n)
                    let filler = (around[s] & ~only).first
                    for (j, cell) in window.enumerated() { windowCells[k * width + j] = Int32(cell ?? filler) }
                }
            }
        }
        // Each option enters a passage list at most once per pattern for each of its cells (the
        // one way out of that cell it covers). Without windows that bounds a scratch list small
        // enough to fill in one pass; with windows the pairs are produced twice instead.
        //
        // A passage is found per cell of the option as the one neighbour it covers there, by an
        // AND and a bit count: testing every cell and way out against the other neighbours, a
        // shift and a test per way, was two thirds of this table (issue 37).
        let windows = windowsOf
        let steps = directions.map(\.step)
        let patterns = (1 &<< width) &- 1
        let produce = { (add: (_ key: Int, _ value: Int32) -> Void) in
            around.withUnsafeBufferPointer { around in
                for (o, mask) in optionMasks.enumerated() {
                    let piece = optionPieces[o]
                    mask.forEachIndex { s in
                        let touching = mask & around[s]
                        guard touching.count == 1 else { return }
                        let n = touching.first
                        // The way from `s` to `n`: the axes' steps differ, so the distance names it.
                        let distance = n > s ? n &- s : s &- n
                        var d = 0
                        while steps[d] != distance { d &+= 1 }
                        let k = (s &* steps.count &+ d) &* 2 &+ (n < s ? 1 : 0)
                        var used = 0
                        if windowed {
                            for (j, cell) in windows[k].enumerated() where cell.map(mask.contains) == true {
                                used |= 1 << j
                            }
                        }
                        // Every pattern in which the cells it uses are empty.
                        let free = patterns & ~used
                        var extra = free
                        while true {
                            add((k &<< width | used | extra) &* pieceCount &+ piece, Int32(o))
                            if extra == 0 { break }
                            extra = (extra &- 1) & free
                        }
                    }
                }
            }
        }
        let buckets = FlatBuckets(keyCount: keyCount << width * pieceCount, produce)
        self.init(width: width, windowCells: windowCells, start: buckets.start,
                  pieces: ExactCover.piecesPresent(in: buckets.start, pieceCount: pieceCount),
                  options: buckets.values, masks: buckets.values.map { optionMasks[Int($0)] })
    }

    /// The lists without windows (a small figure's): one per passage and piece. Each option
    /// passes at most once per cell, so one pass writes every (list, option) pair into scratch
    /// buffers and counts the lists, and a second places them; options keep their order within
    /// a list. Through unchecked buffers and no closure per pair: with `FlatBuckets` this table
    /// was a third of setting up a Soma figure (yass's suite, issue 37).
    private init(unwindowed around: [CellMask], steps: [Int], keyCount: Int, pieceCount: Int,
                 optionMasks: [CellMask], optionPieces: [Int]) {
        let lists = keyCount &* pieceCount
        var start = [Int32](repeating: 0, count: lists &+ 1)
        let bound = optionMasks.reduce(0) { $0 &+ $1.count }
        let pairList = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(bound, 1))
        let pairOption = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(bound, 1))
        defer { pairList.deallocate(); pairOption.deallocate() }
        var pairs = 0
        start.withUnsafeMutableBufferPointer { start in
            around.withUnsafeBufferPointer { around in
                steps.withUnsafeBufferPointer { steps in
                    optionMasks.withUnsafeBufferPointer { optionMasks in
                        optionPieces.withUnsafeBufferPointer { optionPieces in
                            for o in optionMasks.indices {
                                let mask = optionMasks[o]
                                let piece = optionPieces[o]
                                mask.forEachIndex { s in
                                    // The passage at `s`: the one neighbour the option covers there.
                                    let touching = mask & around[s]
                                    guard touching.count == 1 else { return }
                                    let n = touching.first
                                    // The way from `s` to `n`: the axes' steps differ, so the distance names it.
                                    let distance = n > s ? n &- s : s &- n
                                    var d = 0
                                    while steps[d] != distance { d &+= 1 }
                                    let list = ((s &* steps.count &+ d) &* 2 &+ (n < s ? 1 : 0)) &* pieceCount &+ piece
                                    pairList[pairs] = Int32(truncatingIfNeeded: list)
                                    pairOption[pairs] = Int32(truncatingIfNeeded: o)
                                    pairs &+= 1
                                    start[list &+ 1] &+= 1
                                }
                            }
                        }
                    }
                }
            }
            for k in 0..<lists { start[k &+ 1] &+= start[k] }
        }
        var next = start
        var masks: [CellMask] = []
        let options = [Int32](unsafeUninitializedCapacity: pairs) { options, written in
            masks = [CellMask](unsafeUninitializedCapacity: pairs) { masksOut, maskCount in
                next.withUnsafeMutableBufferPointer { next in
                    optionMasks.withUnsafeBufferPointer { optionMasks in
                        for i in 0..<pairs {
                            let list = Int(pairList[i])
                            let slot = Int(next[list])
                            next[list] = Int32(truncatingIfNeeded: slot &+ 1)
                            let o = Int(pairOption[i])
                            (options.baseAddress! + slot).initialize(to: Int32(truncatingIfNeeded: o))
                            (masksOut.baseAddress! + slot).initialize(to: optionMasks[o])
                        }
                    }
                }
                maskCount = pairs
            }
            written = pairs
        }
        self.init(width: 0, windowCells: [], start: start,
                  pieces: ExactCover.piecesPresent(in: start, pieceCount: pieceCount), options: options, masks: masks)
    }
}
