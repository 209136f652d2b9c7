/// The operations the search needs from a set of cells as bits, so that one search serves two
/// widths: `CellMask` (128 bits) and `CellMask64`, used whenever the figure's numbering fits in
/// 64 bits (every catalog figure but the largest boards), where each operation is one
/// instruction instead of two and the hole tests cost half as much.
protocol SearchMask: Equatable, Sendable {
    init(_ mask: CellMask)
    static func | (a: Self, b: Self) -> Self
    static func & (a: Self, b: Self) -> Self
    static prefix func ~ (a: Self) -> Self
    static func << (a: Self, k: Int) -> Self
    static func >> (a: Self, k: Int) -> Self
    var isEmpty: Bool { get }
    var isFull: Bool { get }
    func isDisjoint(with other: Self) -> Bool
    func contains(_ index: Int) -> Bool
    /// The lowest index in the mask.
    var first: Int { get }
    /// The lowest index not in the mask.
    var firstAbsent: Int { get }
    /// The number of cells in the mask.
    var count: Int { get }
    /// True when the search also prunes regions cut off behind a full column
    /// (`SearchEngine.hasCutOffRegion`): a compile-time constant of each mask type.
    static var cutsColumns: Bool { get }
    /// True when the search is a board's (`ExactCover.isBoardSearch`): holes tested before
    /// descending, a window, no passages, two axes; a compile-time constant of each mask type,
    /// so that the board's search tests none of these at its nodes.
    static var isBoard: Bool { get }
    /// True when the search is a large one in a box of 4x4x4 cells (`CubeMask`), whose
    /// neighbour steps and masks are then constants; a compile-time constant of each mask type.
    static var isCubeOfFour: Bool { get }
    /// The `count` bits from `index` up (below 64), as the low bits of an integer; bits past the
    /// mask's width read as 0.
    func bits(from index: Int, count: Int) -> Int
    /// The window pattern after `cell`: three runs of bits, run `k` starting `runs.offsets.k`
    /// cells after `cell` and `runs.lengths.k` long, packed from bit 0 up (see
    /// `ExactCover.windowRuns`).
    func window(after cell: Int, runs: WindowRuns) -> Int
}

extension SearchMask {
    static var cutsColumns: Bool { false }
    static var isBoard: Bool { false }
    static var isCubeOfFour: Bool { false }

    @inline(__always)
    func window(after cell: Int, runs: WindowRuns) -> Int {
        bits(from: cell &+ runs.offsets.0, count: runs.lengths.0)
            | bits(from: cell &+ runs.offsets.1, count: runs.lengths.1) << runs.lengths.0
            | bits(from: cell &+ runs.offsets.2, count: runs.lengths.2) << (runs.lengths.0 &+ runs.lengths.1)
    }
}

extension CellMask: SearchMask {
    init(_ mask: CellMask) { self = mask }

    @inline(__always)
    func bits(from index: Int, count: Int) -> Int {
        let word = index < 64 ? low >> UInt64(index) | (index == 0 ? 0 : high << UInt64(64 - index))
                              : high >> UInt64(index - 64)
        return Int(truncatingIfNeeded: word & ((1 << UInt64(count)) - 1))
    }
}
