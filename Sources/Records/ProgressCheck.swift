import Polycube

/// What a value read back from disk must be before a game may use it. Everything on disk is
/// foreign until checked: a number can be NaN, 1e300 or 2^63-1, and a pose can lie a billion
/// cells away (the picture sized to it would take gigabytes). Each check answers nil when the
/// value is fine, or the reason in words when it must be set aside.
public enum ProgressCheck {
    /// Ten years of play: more is not a time anyone took.
    public static let maxSeconds: Double = 315_360_000
    /// More moves than anyone makes on one figure; also keeps sums far from overflow.
    public static let maxMoves = 100_000_000
    /// More solves than anyone makes of one figure.
    public static let maxTimesSolved = 100_000_000
    /// The most pieces a saved position may hold (a set has a few dozen at most).
    public static let maxPieces = 4096
    /// How far (in cells) a pose may lie outside the figure and its tray of pieces.
    public static let margin = 64
    /// Coordinates beyond this are wrong for any figure (used when the figure is not at hand).
    public static let maxCoordinate = 4096

    public static func seconds(_ s: Double) -> String? {
        s.isFinite && s >= 0 && s < maxSeconds ? nil : "time \(s) is not a number of seconds between 0 and ten years"
    }

    public static func moves(_ n: Int) -> String? {
        (0...maxMoves).contains(n) ? nil : "moves \(n) is not between 0 and \(maxMoves)"
    }

    public static func record(_ r: FigureRecord) -> String? {
        if !(1...maxTimesSolved).contains(r.timesSolved) { return "times solved \(r.timesSolved) is not between 1 and \(maxTimesSolved)" }
        return seconds(r.bestSeconds) ?? moves(r.fewestMoves)
    }

    /// A position on its own: counts, numbers and poses that describe placements at all.
    public static func position(_ p: SavedPosition) -> String? {
        if p.poses.isEmpty || p.poses.count > maxPieces { return "\(p.poses.count) poses" }
        if let why = moves(p.moves) ?? p.seconds.flatMap(seconds) { return why }
        if let hints = p.hints, !(0...maxMoves).contains(hints) { return "hints \(hints) is not between 0 and \(maxMoves)" }
        for (i, pose) in p.poses.enumerated() {
            guard let placement = pose.placement else { return "pose \(i + 1) is not an orientation and an offset" }
            let o = placement.offset
            // A range test, not `abs`: `abs(Int.min)` traps, and a file can hold -2^63.
            if [o.x, o.y, o.z].contains(where: { !(-maxCoordinate...maxCoordinate).contains($0) }) {
                return "pose \(i + 1) lies at \(o.x),\(o.y),\(o.z), far outside any figure"
            }
        }
        return nil
    }

    /// The pieces a saved position of `figure` holds a pose for, in order: a board's tiles (its
    /// fixed ones too), or the figure's pieces less one of each preplaced letter. The games lay
    /// out and save the same list (`SomaGame.pieces`, `PentominoGame.tiles`; a test holds them to
    /// it).
    public static func pieces(of figure: Figure) -> [Piece] {
        var pieces = figure.pieceSet.pieces.flatMap { Array(repeating: $0, count: $0.copies) }
        guard !figure.isBoard else { return pieces }
        for pre in figure.preplaced {
            if let i = pieces.firstIndex(where: { $0.letter == pre.letter }) { pieces.remove(at: i) }
        }
        return pieces
    }

    /// A position against the figure it is for, as data (no game is built): one pose per piece
    /// (letters in `pieces(of:)`'s order), orientations the set allows, every piece within the
    /// figure's box widened by `margin` and by the reach of the pieces' start tray (all of
    /// their cells in a row), no two pieces on one cell, none on a preplaced piece or below the
    /// floor; on a board, every tile flat and no two on the board's squares overlapping.
    public static func position(_ p: SavedPosition, fits figure: Figure) -> String? {
        if let why = position(p) { return why }
        let placements = p.poses.compactMap(\.placement)
        let pieces = Self.pieces(of: figure)
        guard placements.count == pieces.count else {
            return "\(placements.count) poses for \(pieces.count) pieces"
        }
        if let i = placements.indices.first(where: { placements[$0].piece != pieces[$0].letter }) {
            return "pose \(i + 1) is for piece \(placements[i].piece), the figure's piece there is \(pieces[i].letter)"
        }
        if let i = placements.firstIndex(where: { !figure.pieceSet.orientationGroup.contains($0.orientation) }) {
            return "pose \(i + 1) turns piece \(placements[i].piece) in a way its set does not allow"
        }
        let cells = zip(placements, pieces).map { pose, piece in pose.cells(of: piece.shape) }
        // Both are small: the catalog's sets hold a few dozen pieces of a few cells, the
        // coordinates were bounded by `position(_:)`.
        let reach = margin + pieces.reduce(0) { $0 + $1.shape.count }
        let box = Bounds(figure.cells)
        let lo = box.lo - Cell(reach, reach, reach), hi = box.hi + Cell(reach, reach, reach)
        for (i, pose) in placements.enumerated()
        where cells[i].contains(where: { $0.x < lo.x || $0.y < lo.y || $0.z < lo.z || $0.x > hi.x || $0.y > hi.y || $0.z > hi.z }) {
            return "piece \(pose.piece) (pose \(i + 1)) lies more than \(margin) cells outside the figure and its tray"
        }
        return figure.isBoard ? boardFit(placements, cells: cells, figure: figure) : fit(placements, cells: cells, figure: figure)
    }

    /// Whether the pieces can stand where the position puts them: no two on one cell (nor on a
    /// preplaced piece), none below the floor (`SomaGame`'s rules for a resumed position).
    static func fit(_ placements: [Placement], cells: [[Cell]], figure: Figure) -> String? {
        var owner: [Cell: Int] = [:]
        for pre in figure.preplaced { for c in pre.cells { owner[c] = -1 } }
        let floor = figure.cells.map(\.z).min() ?? 0
        for (i, pose) in placements.enumerated() {
            for c in cells[i] {
                if c.z < floor { return "piece \(pose.piece) (pose \(i + 1)) lies below the floor" }
                if let j = owner[c] {
                    return j < 0 ? "piece \(pose.piece) (pose \(i + 1)) lies on a preplaced piece at \(c.x),\(c.y),\(c.z)"
                        : "pieces \(placements[j].piece) and \(pose.piece) (poses \(j + 1) and \(i + 1)) share the cell \(c.x),\(c.y),\(c.z)"
                }
                owner[c] = i
            }
        }
        return nil
    }

    /// A board's rules for a resumed position (`PentominoGame`'s): every tile in the board's
    /// plane, and the tiles lying wholly on the board on squares of their own.
    static func boardFit(_ placements: [Placement], cells: [[Cell]], figure: Figure) -> String? {
        if let i = placements.firstIndex(where: { $0.offset.z != 0 }) {
            return "tile \(placements[i].piece) (pose \(i + 1)) lies off the board's plane"
        }
        let squares = Set(figure.cells)
        var owner: [Cell: Int] = [:]
        for (i, pose) in placements.enumerated() where cells[i].allSatisfy(squares.contains) {
            for c in cells[i] {
                if let j = owner[c] {
                    return "tiles \(placements[j].piece) and \(pose.piece) (poses \(j + 1) and \(i + 1)) overlap on the board at \(c.x),\(c.y)"
                }
                owner[c] = i
            }
        }
        return nil
    }
}
