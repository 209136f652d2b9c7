import Polycube
import Solver

/// Makes Soma figures with an exact, known number of solutions.
///
/// A candidate is built the way a person builds on a table: the seven pieces in a random order,
/// each put down in a random pose inside a random box (3-5 by 3-5 by 2-4 cubes), touching the
/// pieces already down face to face and resting on the floor or on them (`Buildability`). The
/// pose is drawn with a weight of (faces it shares with the body + 1) to a random power from 0
/// to 3: high powers pack the pieces (compact figures, many solutions), low ones let them
/// sprawl (few). The solver then counts the candidate's solutions exactly and measures its
/// effort, and candidates are drawn until one meets the request.
///
/// Deterministic: the figure is a function of the request, the seed and the figure's number
/// (each figure has a generator of its own, so figures can be made on any number of threads
/// and come out the same). `version` names this procedure: changing what it draws changes every
/// figure, the daily ones included, so a change must come with a new version (`DailyRule`).
public enum FigureGenerator {
    public static let version = 1

    /// The `index`th figure (from 0) of `seed` meeting `request`, or why none was found.
    public static func generate(_ request: GenerationRequest, seed: UInt64, index: Int = 0,
                                control: SearchControl = SearchControl()) throws(SearchCancelled)
        -> Result<GeneratedFigure, GenerationFailure> {
        var rng = SeededGenerator(seed: mix(seed ^ mix(UInt64(truncatingIfNeeded: index) &+ 1)))
        var attempts = 0
        while attempts < request.maxAttempts {
            attempts += 1
            if control.isCancelled() { throw SearchCancelled() }
            guard let pieces = candidate(&rng) else { continue }
            let id = FigureID(cells: pieces.joined())
            let figure = Figure(name: id.text, cells: pieces.joined())
            guard let solver = try? Solver(figure) else { continue }
            let count: SolutionCount
            if let wanted = request.solutions {
                // One more than asked settles "exactly": a crowded candidate stops early.
                let found = try solver.count(limit: wanted + 1, control: control)
                guard found.distinct == wanted else { continue }
                count = try solver.count(control: control)
            } else {
                count = try solver.count(control: control)
            }
            let effort = try solver.effort(control: control)
            let grade = Grade(count: count, effort: effort)
            if let wanted = request.grade, grade.value != wanted { continue }
            return .success(GeneratedFigure(figure: figure, id: id, count: count, effort: effort, grade: grade,
                                            seed: seed, index: index, attempts: attempts, pieces: pieces))
        }
        return .failure(GenerationFailure(request: request, attempts: attempts))
    }

    /// The poses of each Soma piece: its distinct rotations (mirror images are other pieces).
    static let poses: [[Shape]] = PieceSet.soma.pieces.map { $0.shape.orientations(under: Isometry.rotations) }

    /// One candidate: the cells of each piece in the order they were put down, or nil when a
    /// piece found no place (the box too tight for the ones before it).
    static func candidate(_ rng: inout SeededGenerator) -> [[Cell]]? {
        let box = (x: 3 + rng.below(3), y: 3 + rng.below(3), z: 2 + rng.below(3))
        let power = rng.below(4)
        var order = Array(poses.indices)
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.below(i + 1)) }
        var filled = Set<Cell>()
        var pieces: [[Cell]] = []
        for p in order {
            var choices: [[Cell]] = []
            var weights: [Int] = []
            for shape in poses[p] {
                let size = shape.size
                guard size.x <= box.x, size.y <= box.y, size.z <= box.z else { continue }
                for z in 0...(box.z - size.z) {
                    // The first piece lies on the floor; it is the floor.
                    if filled.isEmpty && z > 0 { break }
                    for y in 0...(box.y - size.y) {
                        for x in 0...(box.x - size.x) {
                            let cells = shape.cells.map { Cell($0.x + x, $0.y + y, $0.z + z) }
                            guard let weight = fit(cells, into: filled, power: power) else { continue }
                            choices.append(cells)
                            weights.append(weight)
                        }
                    }
                }
            }
            let total = weights.reduce(0, +)
            guard total > 0 else { return nil }
            var pick = rng.below(total)
            var chosen = 0
            while pick >= weights[chosen] { pick -= weights[chosen]; chosen += 1 }
            pieces.append(choices[chosen])
            filled.formUnion(choices[chosen])
        }
        return pieces
    }

    /// The weight of putting `cells` down beside `filled`, or nil when it may not go there: it
    /// overlaps, or (after the first piece) touches nothing or rests on nothing.
    static func fit(_ cells: [Cell], into filled: Set<Cell>, power: Int) -> Int? {
        if filled.isEmpty { return 1 }
        var contacts = 0, rests = false
        for c in cells {
            if filled.contains(c) { return nil }
            if c.z == 0 || filled.contains(Cell(c.x, c.y, c.z - 1)) { rests = true }
            for n in c.neighbours where filled.contains(n) { contacts += 1 }
        }
        guard contacts > 0, rests else { return nil }
        var weight = 1
        for _ in 0..<power { weight *= contacts + 1 }
        return weight
    }

    /// SplitMix64's finaliser: spreads a seed and a figure number over all 64 bits, so that
    /// neighbouring seeds start unrelated generators.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
