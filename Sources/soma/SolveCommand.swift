import ArgumentParser
import Foundation
import Polycube
import Solver

/// `soma solve`: counts and lists the solutions of figures.
///
/// Exit status: 0 when every figure has a solution, 1 when one has none, 2 on bad input (an
/// unknown figure, a figure the pieces cannot fill).
struct SolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "solve",
        abstract: "Count and list the solutions of figures.",
        discussion: """
            FIGURE is a name (\(SolveCommand.knownFigures.joined(separator: ", "))), \
            a pentomino board WxH (W*H = 60), or a solid-pentomino box AxBxC (A*B*C = 60).
            Distinct solutions are counted up to the symmetries of the figure (mirror images \
            included when the piece set is mirror-closed); raw solutions are all of them.
            Exit status: 0 solved, 1 a figure has no solution, 2 bad input.
            """)

    // Numbers are read as text and checked in `run`, so that a bad value exits with status 2
    // like every other bad input (the parser's own usage errors exit with 64).
    @Argument(help: "Figures to solve: names, boards (6x10) or boxes (3x4x5).")
    var figures: [String] = []

    @Flag(help: "Print one summary line per figure and no solution.")
    var count = false

    @Flag(help: "List every distinct solution (with --raw: every raw one).")
    var all = false

    @Flag(help: "With --all, list every raw solution instead of one per symmetry class.")
    var raw = false

    @Option(help: ArgumentHelp("Stop after this many solutions.", valueName: "n"))
    var limit: String?

    @Flag(help: "Print JSON, one object per figure and line.")
    var json = false

    @Flag(help: "Print the time the search took (preparing the figure included).")
    var time = false

    @Option(help: ArgumentHelp("Worker threads (default: one per core).", valueName: "n"))
    var threads: String?

    /// `limit` once checked.
    private var solutionLimit: Int?
    /// `threads` once checked.
    private var threadCount = ProcessInfo.processInfo.activeProcessorCount

    mutating func run() throws {
        guard !figures.isEmpty else { throw fail("give at least one figure to solve (see soma solve --help)") }
        if let limit {
            guard let n = Int(limit), n >= 1 else { throw fail("--limit must be a whole number of at least 1, not '\(limit)'") }
            solutionLimit = n
        }
        if let threads {
            guard let n = Int(threads), n >= 1 else { throw fail("--threads must be a whole number of at least 1, not '\(threads)'") }
            threadCount = n
        }
        var unsolved = false
        for argument in figures {
            let solver: Solver
            let start = ContinuousClock.now
            do {
                solver = try Solver(resolveFigure(argument))
            } catch let error as SolverError {
                throw fail(error.description)
            } catch let error as FigureNotFound {
                throw fail(error.description)
            }
            let found = try solve(solver, since: start)
            if found == 0 { unsolved = true }
        }
        if unsolved { throw ExitCode(1) }
    }

    /// Solves one figure and prints what was asked; returns the number of distinct solutions.
    /// The time reported runs from `start` (before the solver was made, so that building the
    /// placements and the symmetry group counts) to the end of the count.
    private func solve(_ solver: Solver, since start: ContinuousClock.Instant) throws -> Int {
        let progress = ProgressLine(name: solver.figure.name)
        let control = SearchControl(progress: { progress.show($0) })
        let counted = try solver.count(limit: all ? nil : solutionLimit, threads: threadCount, control: control)
        let seconds = (ContinuousClock.now - start).seconds
        progress.clear()
        var listed: [Solution] = []
        if all {
            listed = try solver.solutions(raw ? .raw : .distinct, limit: solutionLimit, threads: threadCount)
        } else if !count, counted.distinct > 0 {
            listed = try solver.solutions(.distinct, limit: 1)
        }
        let name = solver.figure.name
        if json {
            print(jsonObject(name: name, cells: solver.figure.cells.count, count: counted, seconds: seconds,
                             solutions: listed))
            return counted.distinct
        }
        let timing = time ? String(format: " in %.4f s", seconds) : ""
        let limited = !all && solutionLimit.map { counted.distinct >= $0 } == true ? ", stopped at --limit" : ""
        print("\(name): \(counted.distinct) distinct solution\(counted.distinct == 1 ? "" : "s") (\(counted.raw) raw)\(limited)\(timing)")
        for (i, solution) in listed.enumerated() {
            if all { print("\n#\(i + 1)") } else { print() }
            print(drawing(of: solution, cells: solver.figure.cells))
        }
        return counted.distinct
    }

    private func fail(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("soma solve: \(message)\n".utf8))
        return ExitCode(2)
    }
}

extension SolveCommand {
    /// The figures `resolveFigure` knows by name.
    static let knownFigures = ["cube", "bedlam", "8x8-hole"]

    /// Turns a command-line argument into a figure: a name from the small built-in table, a
    /// pentomino board `WxH`, or a solid-pentomino box `AxBxC`.
    ///
    /// A stand-in until the figure catalog and file loader land; then this function alone
    /// switches over to them.
    func resolveFigure(_ argument: String) throws -> Figure {
        func box(_ x: Int, _ y: Int, _ z: Int) -> [Cell] {
            var cells: [Cell] = []
            for k in 0..<z { for j in 0..<y { for i in 0..<x { cells.append(Cell(i, j, k)) } } }
            return cells
        }
        switch argument.lowercased() {
        case "cube", "soma": return Figure(name: "cube", cells: box(3, 3, 3), pieceSet: .soma)
        case "bedlam": return Figure(name: "bedlam", cells: box(4, 4, 4), pieceSet: .bedlam)
        case "8x8-hole":
            let cells = box(8, 8, 1).filter { !((3...4).contains($0.x) && (3...4).contains($0.y)) }
            return Figure(name: "8x8-hole", cells: cells, pieceSet: .pentominoes)
        default: break
        }
        let sizes = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        if sizes.count == 2 || sizes.count == 3, sizes.allSatisfy({ ($0 ?? 0) > 0 && $0! <= 128 }) {
            let n = sizes.map { $0! }
            return n.count == 2
                ? Figure(name: argument, cells: box(n[0], n[1], 1), pieceSet: .pentominoes)
                : Figure(name: argument, cells: box(n[0], n[1], n[2]), pieceSet: .solidPentominoes)
        }
        throw FigureNotFound(argument: argument)
    }

    /// The solution drawn as its horizontal layers side by side, bottom layer first, each seen
    /// from above (rows from the back, largest y, to the front), a piece's letter in each cell.
    func drawing(of solution: Solution, cells: [Cell]) -> String {
        let letters = solution.letters
        let xs = cells.map(\.x), ys = cells.map(\.y), zs = cells.map(\.z)
        var lines: [String] = []
        for y in (ys.min()!...ys.max()!).reversed() {
            let layers = (zs.min()!...zs.max()!).map { z in
                String((xs.min()!...xs.max()!).map { x in letters[Cell(x, y, z)] ?? "." })
            }
            lines.append(layers.joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    func jsonObject(name: String, cells: Int, count: SolutionCount, seconds: Double, solutions: [Solution]) -> String {
        let list = solutions.map { solution in
            "[" + solution.pieces.map { piece in
                let cells = piece.cells.map { "[\($0.x),\($0.y),\($0.z)]" }.joined(separator: ",")
                return "{\"piece\":\(jsonString(String(piece.placement.piece))),\"cells\":[\(cells)]}"
            }.joined(separator: ",") + "]"
        }.joined(separator: ",")
        return "{\"figure\":\(jsonString(name)),\"cells\":\(cells),\"distinct\":\(count.distinct),"
            + "\"raw\":\(count.raw),\"seconds\":\(String(format: "%.6f", seconds)),\"solutions\":[\(list)]}"
    }

    private func jsonString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// An argument that names no figure; the message lists the ones that exist.
struct FigureNotFound: Error, CustomStringConvertible {
    var argument: String
    var description: String {
        "unknown figure '\(argument)' (known: \(SolveCommand.knownFigures.joined(separator: ", ")), "
            + "pentomino boards WxH such as 6x10, solid-pentomino boxes AxBxC such as 3x4x5)"
    }
}

/// The progress line of a long search, drawn on stderr only when stderr is a terminal and only
/// once the search has run for half a second, so that short searches and pipes stay quiet.
/// Worker threads report as they finish jobs, not necessarily in order, so the line only moves
/// forward.
final class ProgressLine: @unchecked Sendable {
    private let name: String
    private let lock = NSLock()
    private let start = ContinuousClock.now
    private let enabled = isatty(2) != 0
    private var shownPercent = -1

    init(name: String) {
        self.name = name
    }

    func show(_ fraction: Double) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        let percent = Int(fraction * 100)
        guard percent > shownPercent, ContinuousClock.now - start > .milliseconds(500) else { return }
        shownPercent = percent
        FileHandle.standardError.write(Data("\r\(name): \(percent)% searched".utf8))
    }

    func clear() {
        lock.lock(); defer { lock.unlock() }
        if shownPercent >= 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
