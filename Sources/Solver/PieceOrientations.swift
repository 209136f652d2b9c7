import Dispatch
import Polycube

/// The distinct orientations of each piece of a set, computed once per solver.
///
/// `Shape` normalises through a `Set`, which is right for the game and too slow for a solver
/// that must be ready in well under a millisecond: here an orientation is a plain sorted array
/// of cells, and the sets are tiny, so a linear search finds duplicates fastest.
struct PieceOrientations: Sendable {
    struct Orientation: Sendable {
        /// The isometry that turns the piece's normalised shape into this orientation.
        var isometry: Isometry
        /// `isometry` applied to the piece's cells, moved so that the smallest x, y, z are 0,
        /// sorted in scan order.
        var cells: [Cell]
        /// What was subtracted to normalise: the piece's normalised cell `c` lands on
        /// `isometry.apply(c) - low`.
        var low: Cell
    }

    /// `orientations[p]` lists piece `p`'s distinct orientations under the set's group.
    let orientations: [[Orientation]]
    /// How each isometry maps the pieces (`PieceMaps`), shared by every solver of the set.
    let pieceMaps: PieceMaps

    init(_ set: PieceSet) {
        // Each turn is worked out in one scratch list and copied only when it is new: an
        // array per isometry was half of this set-up (issue 37).
        var scratch: [Cell] = []
        let orientations: [[Orientation]] = set.pieces.map { piece in
            var found: [Orientation] = []
            guard !piece.shape.cells.isEmpty else { return found }
            // At most one per turn, room made once: growing by appends cost the pentominoes a
            // hundredth of `soma solve 3x20` (issue 37).
            found.reserveCapacity(set.orientationGroup.count)
            for g in set.orientationGroup {
                let low = PieceOrientations.normalise(piece.shape.cells, by: g, into: &scratch)
                if !found.contains(where: { $0.cells == scratch }) {
                    found.append(Orientation(isometry: g, cells: scratch, low: low))
                }
            }
            return found
        }
        self.orientations = orientations
        pieceMaps = PieceMaps(set: set, orientations: orientations)
    }

    /// Per isometry of `Isometry.all` (by index), the piece each piece becomes when turned by it
    /// (`map[p]`, a piece with as many copies), or nil when it does not map the set onto itself
    /// one to one. A figure's symmetries (`FigureSymmetry.group`) read it: it depends on the set
    /// alone, and working it out per figure was a fifth of their set-up (issue 37). Each map is
    /// worked out the first time a figure asks for it (a lone board asks for a few of the 48,
    /// and working out all of them cost more than its whole search), then kept, behind a lock.
    final class PieceMaps: @unchecked Sendable {
        private let set: PieceSet
        private let orientations: [[Orientation]]
        private let lock = DispatchSemaphore(value: 1)
        /// Per isometry, then one slot the mirrors share when `mirrorsAlike`, the map worked
        /// out (empty when the isometry does not map the set), and whether it has been:
        /// two plain arrays, as a list of doubly optional maps made the runtime build that
        /// type's metadata, a seventh of the orientations' set-up on a 3x20 board (issue 37).
        private var maps: [[Int]]
        private var known: [Bool]

        /// True when the pieces may take every rotation: the isometries they may not take are
        /// one coset, which maps the pieces alike, so all of them share one map.
        private let mirrorsAlike: Bool

        init(set: PieceSet, orientations: [[Orientation]]) {
            self.set = set
            self.orientations = orientations
            maps = Array(repeating: [], count: Isometry.all.count + 1)
            known = Array(repeating: false, count: Isometry.all.count + 1)
            mirrorsAlike = set.orientationGroup.count == 24 && set.orientationGroup.allSatisfy(\.isRotation)
        }

        /// The map of `Isometry.all[index]`.
        func map(_ index: Int) -> [Int]? {
            let g = Isometry.all[index]
            let slot = mirrorsAlike && !g.isRotation ? Isometry.all.count : index
            lock.wait(); defer { lock.signal() }
            if !known[slot] {
                maps[slot] = work(g) ?? []
                known[slot] = true
            }
            // A set has pieces (`ExactCover` refuses an empty figure), so a map is never empty.
            return maps[slot].isEmpty ? nil : maps[slot]
        }

        private func work(_ g: Isometry) -> [Int]? {
            // Turning by an isometry the pieces may take leaves every piece itself.
            guard !set.orientationGroup.contains(g) else { return Array(set.pieces.indices) }
            var map: [Int] = []
            var seen: UInt64 = 0
            for piece in set.pieces {
                let (cells, _) = PieceOrientations.normalised(piece.shape.cells, by: g)
                guard let q = orientations.indices.first(where: { q in
                    set.pieces[q].copies == piece.copies && orientations[q].contains { $0.cells == cells }
                }) else { return nil }
                map.append(q)
                seen |= 1 << UInt64(q)
            }
            // One to one (at most 64 pieces: a bit each).
            return seen.nonzeroBitCount == map.count ? map : nil
        }
    }

    /// The pieces that have `cells` (normalised) among their orientations.
    func piece(withOrientation cells: [Cell]) -> [Int] {
        orientations.indices.filter { p in orientations[p].contains { $0.cells == cells } }
    }

    /// `g` applied to `cells`, translated so the smallest coordinates are 0, sorted; and the
    /// translation's opposite.
    static func normalised(_ cells: [Cell], by g: Isometry) -> (cells: [Cell], low: Cell) {
        var turned: [Cell] = []
        let low = normalise(cells, by: g, into: &turned)
        return (turned, low)
    }

    /// `normalised` written into `turned` (its old contents dropped, its storage kept).
    static func normalise(_ cells: [Cell], by g: Isometry, into turned: inout [Cell]) -> Cell {
        turned.removeAll(keepingCapacity: true)
        guard !cells.isEmpty else { return .origin }
        turned.append(contentsOf: repeatElement(Cell.origin, count: cells.count))
        var low = g.apply(cells[0])
        for i in cells.indices {
            let c = g.apply(cells[i])
            turned[i] = c
            low = Cell(min(low.x, c.x), min(low.y, c.y), min(low.z, c.z))
        }
        // Moved to the origin, then an insertion sort: a piece has a handful of cells.
        for i in turned.indices {
            let c = turned[i] - low
            var j = i
            while j > 0 && c < turned[j - 1] { turned[j] = turned[j - 1]; j -= 1 }
            turned[j] = c
        }
        return low
    }

    /// The orientations of `set`, worked out once per set and process: the game and the
    /// command line set up solvers for many figures of the same few sets.
    static func of(_ set: PieceSet) -> PieceOrientations {
        if let known = cache.value(for: set) { return known }
        let made = PieceOrientations(set)
        cache.store(made, for: set)
        return made
    }

    private static let cache = Cache()

    /// The sets seen so far, behind a lock; a handful at most (built-in sets and a user's own),
    /// so a list compared with `==` serves, and costs less than hashing a set's every cell.
    private final class Cache: @unchecked Sendable {
        private let lock = DispatchSemaphore(value: 1)
        private var entries: [(set: PieceSet, orientations: PieceOrientations)] = []

        func value(for set: PieceSet) -> PieceOrientations? {
            lock.wait(); defer { lock.signal() }
            return entries.first { $0.set == set }?.orientations
        }

        func store(_ orientations: PieceOrientations, for set: PieceSet) {
            lock.wait(); defer { lock.signal() }
            if entries.count >= 8 { entries.removeFirst() }
            entries.append((set, orientations))
        }
    }
}
