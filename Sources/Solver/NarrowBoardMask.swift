/// The one-word mask of a board three cells wide (`ExactCover.isNarrowBoard`) whose pieces
/// all have two cells or more: no window, holes tested before descending, two axes.
struct NarrowBoardMask: WordMask {
    var bits: UInt64
    @inline(__always) init(bits: UInt64) { self.bits = bits }
    static var cutsColumns: Bool { true }
}
