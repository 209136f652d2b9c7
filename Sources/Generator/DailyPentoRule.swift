import Polycube
import Solver

/// The daily pentomino puzzle: a rule from the date alone, like `DailyRule`'s figure, so every
/// player gets the same board on the same UTC day.
///
/// Rule 1: the seed is the 64-bit FNV-1a hash of `soma-daily-pento-1-YYYY-MM-DD`; the board is
/// the catalog's `boards[day number mod 7]`. Tiles are then fixed one at a time: a random tile
/// not yet fixed, in a random placement on the free squares (from the placements listed in a
/// fixed order, `placements(on:)`), kept when the board can still be finished with it, until
/// exactly one way to finish is left; the solver counts the completions (at most two, which
/// is all "exactly one" needs) and nothing else is asked of it, so the puzzle depends on the
/// counts alone, never on the order a search happens to find solutions in. Then each fixed
/// tile (in the order they were fixed) is freed again when the others alone still leave
/// exactly one way to finish, down to `minimumFixed` tiles; a puzzle with fewer gets tiles of
/// its one solution (which no search order can change) until it has `minimumFixed`. A published day
/// must never change: `DailyPentoTests` pins thirty dates to their fixed tiles.
public enum DailyPentoRule {
    public static let version = 1

    /// The fewest tiles a day's puzzle fixes: with two, a unique finish of the 6x10 is an
    /// expert's hour; with four, eight tiles are left to place.
    public static let minimumFixed = 4

    /// The boards, by the day number modulo 7: the 6x10 rectangle most days.
    public static let boards = ["6x10", "6x10", "5x12", "6x10", "4x15", "6x10", "5x12"]

    /// The day's seed.
    public static func seed(for day: PuzzleDay) -> UInt64 { DailyRule.fnv1a("soma-daily-pento-\(version)-\(day)") }

    /// The catalog board of `day`.
    public static func boardName(for day: PuzzleDay) -> String {
        boards[((day.dayNumber % boards.count) + boards.count) % boards.count]
    }

    /// The name the day's puzzle is played and kept under.
    public static func name(for day: PuzzleDay) -> String { "daily pento \(day)" }

    /// The day's puzzle.
    public static func puzzle(for day: PuzzleDay, control: SearchControl = SearchControl()) throws(SearchCancelled) -> DailyPento {
        let boardName = boardName(for: day)
        // The catalog's boards are tested to read and solve; a failure here is a bug.
        guard let board = try? Catalog.figure(named: boardName), let solver = try? Solver(board) else {
            preconditionFailure("the catalog board \(boardName) does not solve")
        }
        var rng = SeededGenerator(seed: seed(for: day))
        let all = placements(on: board)
        var fixed: [Placement] = []
        var taken = Set<Cell>()
        // (`taken` only guides the choice of the next tile; the freeing below needs no update of it.)
        var open = board.pieceSet.pieces.map(\.letter)
        // Each round fixes one tile; a board has 12, and the last tile alone always finishes it.
        while open.count > 1 {
            let letter = open[rng.below(open.count)]
            let choices = all.filter { p in p.piece == letter && p.cells(of: board.pieceSet.piece(letter)!.shape).allSatisfy { !taken.contains($0) } }
            var kept: Int?
            // Placements in a random order until one keeps the board solvable.
            var order = Array(choices.indices)
            for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.below(i + 1)) }
            for k in order {
                let completions = try completions(of: fixed + [choices[k]], solver: solver, control: control)
                if completions == 0 { continue }
                fixed.append(choices[k])
                taken.formUnion(choices[k].cells(of: board.pieceSet.piece(letter)!.shape))
                open.removeAll { $0 == letter }
                kept = completions
                break
            }
            if kept == 1 { break }
        }
        // Then, in the order they were fixed, each tile the others make unnecessary is freed
        // again: the puzzle fixes a few tiles, not every tile a random walk happened to need.
        var k = 0
        while k < fixed.count && fixed.count > minimumFixed {
            var fewer = fixed
            fewer.remove(at: k)
            if try completions(of: fewer, solver: solver, control: control) == 1 { fixed = fewer } else { k += 1 }
        }
        // A day's puzzle is played in minutes, not hours: at least `minimumFixed` tiles are
        // given, the missing ones taken from the one way to finish (in a random order), which
        // stays the one way.
        if fixed.count < minimumFixed, let unique = try? solver.hint(for: fixed, control: control) {
            let given = Set(fixed.map(\.piece))
            var rest = unique.pieces.map(\.placement).filter { !given.contains($0.piece) }.sorted { $0.piece < $1.piece }
            while fixed.count < minimumFixed, !rest.isEmpty { fixed.append(rest.remove(at: rng.below(rest.count))) }
        }
        let figure = Figure(name: name(for: day), cells: board.cells, pieceSet: board.pieceSet,
                            preplaced: fixed.map { p in (p.piece, p.cells(of: board.pieceSet.piece(p.piece)!.shape)) })
        guard let puzzleSolver = try? Solver(figure) else { preconditionFailure("the daily pento's fixed tiles do not fit") }
        let count = try puzzleSolver.count(control: control)
        let effort = try puzzleSolver.effort(control: control)
        // The solver's solution holds the pre-placed tiles first.
        let solution = (try? puzzleSolver.hint(for: [], control: control))??.pieces.dropFirst(fixed.count).map(\.placement) ?? []
        return DailyPento(day: day, figure: figure, boardName: boardName, fixed: fixed, solution: solution,
                          grade: Grade(count: count, effort: effort))
    }

    /// The number of ways to finish `placements`, counted up to 2.
    static func completions(of placements: [Placement], solver: Solver, control: SearchControl) throws(SearchCancelled) -> Int {
        do {
            return try solver.countCompletions(of: placements, limit: 2, control: control)
        } catch let cancelled as SearchCancelled {
            throw cancelled
        } catch {
            return 0
        }
    }

    /// Every placement of every tile on the board, in a fixed order (by letter, then by the
    /// cells covered): the rule's own list, so that no change in the solver's tables changes
    /// a day.
    static func placements(on board: Figure) -> [Placement] {
        let cells = Set(board.cells)
        let bounds = Bounds(board.cells)
        var result: [(Placement, [Cell])] = []
        for piece in board.pieceSet.pieces {
            var seen = Set<Shape>()
            for g in board.pieceSet.orientationGroup {
                let shape = piece.shape.transformed(by: g)
                guard seen.insert(shape).inserted else { continue }
                let lo = Bounds(piece.shape.cells.map(g.apply)).lo
                for y in bounds.lo.y...bounds.hi.y {
                    for x in bounds.lo.x...bounds.hi.x {
                        let offset = Cell(x - lo.x, y - lo.y, bounds.lo.z - lo.z)
                        let placement = Placement(piece: piece.letter, orientation: g, offset: offset)
                        let covered = placement.cells(of: piece.shape)
                        if covered.allSatisfy(cells.contains) { result.append((placement, covered.sorted())) }
                    }
                }
            }
        }
        return result.sorted { a, b in
            a.0.piece != b.0.piece ? a.0.piece < b.0.piece : a.1.lexicographicallyPrecedes(b.1)
        }.map(\.0)
    }
}
