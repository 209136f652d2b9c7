import Polycube

/// Every placement of one piece that fits the figure's empty cells now: the solver's options for
/// the piece (`Solver.placements(of:)`), kept when none of their cells is taken. This is what
/// the assist (`Assist`) snaps a piece in hand to, instead of the player steering it a lattice
/// step at a time: a few hundred placements at most, so finding the nearest one is a scan.
///
/// The order is the solver's option order, which is stable for a figure; cycling meets the fits
/// in `cycleOrder`, which puts those lying as the piece does first and, when the fits were
/// judged (`markDeadEnds`, judging on), the fits that keep the figure solvable before any dead end.
struct Fits: Equatable, Sendable {
    /// One placement that fits, with what choosing among them needs.
    struct Fit: Equatable, Sendable {
        let placement: Placement
        /// Its cells, sorted (scan order).
        let cells: [Cell]
        /// The sum of its cells: the centre of mass times the cube count, in whole numbers.
        let sum: Cell
        /// Its cells moved to the origin: two fits with the same shape key differ by a shift
        /// only, so the piece lies the same way in both.
        let shapeKey: [Cell]
        /// True when placing it leaves the figure unsolvable (when that was checked).
        var deadEnd = false
    }

    let fits: [Fit]

    /// The options of one piece (of `shape`) kept where all their cells are in `empty`.
    init(options: [Placement], shape: Shape, empty: Set<Cell>) {
        fits = options.compactMap { placement in
            let cells = placement.cells(of: shape).sorted()
            guard cells.allSatisfy(empty.contains) else { return nil }
            return Fit(placement: placement, cells: cells, sum: Self.sum(cells), shapeKey: Shape(cells).cells)
        }
    }

    /// Marks the fits that leave no way to finish the figure (`isSolvable` answers for one
    /// placement added to the placed pieces).
    mutating func markDeadEnds(_ isSolvable: (Placement) -> Bool) {
        var marked = fits
        for k in marked.indices { marked[k].deadEnd = !isSolvable(marked[k].placement) }
        self = Fits(marked)
    }

    private init(_ fits: [Fit]) { self.fits = fits }

    var isEmpty: Bool { fits.isEmpty }
    var count: Int { fits.count }

    /// The index of the fit covering exactly `cells`, if any.
    func index(ofCells cells: [Cell]) -> Int? {
        let sorted = cells.sorted()
        return fits.firstIndex { $0.cells == sorted }
    }

    /// The fit nearest a pose of the piece given by its `cells` (anywhere, overlapping or not):
    /// one lying the same way if there is any, else any; among those the one whose centre is
    /// nearest, the first in order among equals. `among` limits the candidates.
    func nearest(to cells: [Cell], among candidates: [Int]? = nil) -> Int? {
        let key = Shape(cells).cells, sum = Self.sum(cells)
        return (candidates ?? Array(fits.indices)).min { a, b in
            rank(a, key: key, sum: sum) < rank(b, key: key, sum: sum)
        }
    }

    private func rank(_ k: Int, key: [Cell], sum: Cell) -> (Int, Int, Int) {
        (fits[k].shapeKey == key ? 0 : 1, Self.distance(fits[k].sum, sum), k)
    }

    /// The fits covering `cell`, the ones keeping the figure solvable first (when judged), each
    /// group in the stable order: what a plan click goes through.
    func covering(_ cell: Cell) -> [Int] {
        let all = fits.indices.filter { fits[$0].cells.contains(cell) }
        return all.filter { !fits[$0].deadEnd } + all.filter { fits[$0].deadEnd }
    }

    /// `candidates` in the order a cycle meets them (`c`, a plan cell clicked again): `first`
    /// (when among them) first; then the fits that keep the figure solvable before the dead
    /// ends (only judged fits have any); in each group the fits lying nearest the way the piece
    /// lies now (`orientation`) first, then those whose centre is nearest `first`'s, then the
    /// stable order. So a cycle can be steered: turn the piece roughly the right way and the
    /// fits lying so come first, and with judging on every solvable fit comes before a dead end.
    func cycleOrder(_ candidates: [Int], first: Int?, orientation: Isometry) -> [Int] {
        let centre = first.map { fits[$0].sum } ?? .origin
        let rest = candidates.filter { $0 != first }.sorted { a, b in
            (fits[a].deadEnd ? 1 : 0, Self.turnDistance(orientation, fits[a].placement.orientation),
             Self.distance(fits[a].sum, centre), a)
                < (fits[b].deadEnd ? 1 : 0, Self.turnDistance(orientation, fits[b].placement.orientation),
                   Self.distance(fits[b].sum, centre), b)
        }
        return (first.map { candidates.contains($0) ? [$0] : [] } ?? []) + rest
    }

    /// How far apart two orientations lie: 0 for the same, more for a larger turn between them
    /// (3 less the trace of the turn from one to the other: 2 for a quarter turn, 3 for a third
    /// of a turn about a diagonal, 4 for a half turn; a mirror counts as far as its trace says).
    static func turnDistance(_ a: Isometry, _ b: Isometry) -> Int {
        let m = a.inverse.then(b).matrix
        return 3 - (m[0][0] + m[1][1] + m[2][2])
    }

    /// The fit a step by `delta` from fit `from` leads to: the nearest to the shifted fit among
    /// those whose centre lies further that way, or nil when none does.
    func step(from: Int, by delta: Cell) -> Int? {
        let here = fits[from]
        let ahead = fits.indices.filter { k in
            let d = fits[k].sum - here.sum
            return d.x * delta.x + d.y * delta.y + d.z * delta.z > 0
        }
        return nearest(to: here.cells.map { $0 + delta }, among: ahead)
    }

    /// The fit a turn of fit `from` leads to: `turned` is its cells after the turn. A fit lying
    /// as the turned piece does comes first; failing that, the nearest one lying otherwise than
    /// before (a turn that changes nothing is no turn); nil when every fit lies as before.
    func turn(from: Int, to turned: [Cell]) -> Int? {
        let before = fits[from].shapeKey
        let other = fits.indices.filter { fits[$0].shapeKey != before || Shape(turned).cells == before }
        return nearest(to: turned, among: other.filter { $0 != from }.isEmpty ? other : other.filter { $0 != from })
    }

    static func sum(_ cells: [Cell]) -> Cell { cells.reduce(Cell.origin, +) }

    /// Squared distance between two sums of cells, with arithmetic that cannot trap on the
    /// small coordinates of a figure.
    static func distance(_ a: Cell, _ b: Cell) -> Int {
        let d = a - b
        return d.x &* d.x &+ d.y &* d.y &+ d.z &* d.z
    }
}
