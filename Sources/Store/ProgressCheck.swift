import Game
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

    /// A position against the figure it is for: one pose per piece (letters as the game orders
    /// them), orientations the set allows, offsets within the figure's box and the pieces' start
    /// layout, plus `margin`.
    public static func position(_ p: SavedPosition, fits figure: Figure) -> String? {
        if let why = position(p) { return why }
        let placements = p.poses.compactMap(\.placement)
        let start: [Placement]
        let shapes: [Character: Shape]
        if figure.pieceSet.isFlat && figure.cells.allSatisfy({ $0.z == 0 }) {
            let game = PentominoGame(board: figure)
            start = game.homes
            shapes = Dictionary(game.tiles.map { ($0.letter, $0.shape) }, uniquingKeysWith: { a, _ in a })
        } else {
            let game = SomaGame(figure: figure)
            start = game.startPoses
            shapes = Dictionary(game.pieces.map { ($0.letter, $0.shape) }, uniquingKeysWith: { a, _ in a })
        }
        guard placements.count == start.count else {
            return "\(placements.count) poses for \(start.count) pieces"
        }
        if let i = placements.indices.first(where: { placements[$0].piece != start[$0].piece }) {
            return "pose \(i + 1) is for piece \(placements[i].piece), the figure's piece there is \(start[i].piece)"
        }
        if let i = placements.firstIndex(where: { !figure.pieceSet.orientationGroup.contains($0.orientation) }) {
            return "pose \(i + 1) turns piece \(placements[i].piece) in a way its set does not allow"
        }
        let layout = figure.cells + start.flatMap { pose in shapes[pose.piece].map(pose.cells(of:)) ?? [pose.offset] }
        let box = Bounds(layout)
        let lo = box.lo - Cell(margin, margin, margin), hi = box.hi + Cell(margin, margin, margin)
        for (i, pose) in placements.enumerated() {
            let cells = shapes[pose.piece].map(pose.cells(of:)) ?? [pose.offset]
            if cells.contains(where: { $0.x < lo.x || $0.y < lo.y || $0.z < lo.z || $0.x > hi.x || $0.y > hi.y || $0.z > hi.z }) {
                return "piece \(pose.piece) (pose \(i + 1)) lies more than \(margin) cells outside the figure"
            }
        }
        return fit(placements, shapes: shapes, figure: figure)
    }

    /// Whether the pieces can stand where the position puts them: no two on one cell (nor on a
    /// preplaced piece), none below the floor; and, as the last word, whether the game itself
    /// takes the position (so that a position the game would drop is set aside, said, instead).
    static func fit(_ placements: [Placement], shapes: [Character: Shape], figure: Figure) -> String? {
        let flat = figure.pieceSet.isFlat && figure.cells.allSatisfy({ $0.z == 0 })
        var owner: [Cell: Int] = [:]
        if !flat {
            for pre in figure.preplaced { for c in pre.cells { owner[c] = -1 } }
            let floor = figure.cells.map(\.z).min() ?? 0
            for (i, pose) in placements.enumerated() {
                for c in shapes[pose.piece].map(pose.cells(of:)) ?? [pose.offset] {
                    if c.z < floor { return "piece \(pose.piece) (pose \(i + 1)) lies below the floor" }
                    if let j = owner[c] {
                        return j < 0 ? "piece \(pose.piece) (pose \(i + 1)) lies on a preplaced piece at \(c.x),\(c.y),\(c.z)"
                            : "pieces \(placements[j].piece) and \(pose.piece) (poses \(j + 1) and \(i + 1)) share the cell \(c.x),\(c.y),\(c.z)"
                    }
                    owner[c] = i
                }
            }
        }
        var progress = Progress()
        progress.inProgress[figure.name] = SavedPosition(poses: placements.map(SavedPose.init), moves: 0, seconds: 0)
        let fits = flat ? progress.resume(board: figure) != nil : progress.resume(figure) != nil
        return fits ? nil : flat ? "tiles overlap on the board or lie off its plane" : "the pieces do not fit the figure as placed"
    }
}
