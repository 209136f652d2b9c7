/// The smallest box around some cells: the lowest and highest x, y and z. Writers draw over it,
/// readers move figures by it, the scene centres its camera on it; one definition for all.
public struct Bounds: Hashable, Sendable {
    public var lo: Cell
    public var hi: Cell

    /// The box around `cells`; both corners at the origin when there are none, so callers that
    /// care about that case check for it first.
    ///
    /// Inlinable so that each caller gets a version for its own sequence type: unspecialised,
    /// the first call asked the runtime for the sequence's iterator type, a look-up through every
    /// protocol conformance in the binary (0.2 million instructions of `soma solve cube --count`).
    @inlinable
    public init<S: Sequence>(_ cells: S) where S.Element == Cell {
        var iterator = cells.makeIterator()
        guard let first = iterator.next() else { lo = .origin; hi = .origin; return }
        var lo = first, hi = first
        while let c = iterator.next() {
            lo = Cell(min(lo.x, c.x), min(lo.y, c.y), min(lo.z, c.z))
            hi = Cell(max(hi.x, c.x), max(hi.y, c.y), max(hi.z, c.z))
        }
        self.lo = lo
        self.hi = hi
    }
}
