/// The usual one-word mask.
struct CellMask64: WordMask {
    var bits: UInt64
    @inline(__always) init(bits: UInt64) { self.bits = bits }
}
