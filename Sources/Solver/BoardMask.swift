/// The one-word mask of a board's search (`ExactCover.isBoardSearch`).
struct BoardMask: WordMask {
    var bits: UInt64
    @inline(__always) init(bits: UInt64) { self.bits = bits }
    static var isBoard: Bool { true }
}
