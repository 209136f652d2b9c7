import ArgumentParser
import CommandOptions
import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Polycube
import Scene
import Solver

/// One `soma solve` command line, read: the figures and what to print of them. A plain value so
/// that the parser (`SolveCommand`) and the quick path for the commonest command lines
/// (`QuickCommandLine`) hand over the same thing, and the work lives in one place.
///
/// Exit status: 0 when every figure has a solution, 1 when one has none, 2 on bad input (an
/// unknown figure, a figure the pieces cannot fill), reported after the other figures are solved.
public struct SolveRequest {
    var figures: [String]
    var count = false
    var all = false
    var raw = false
    /// The options' values come checked, read by their own types (`WholeNumber`, `ShardSpec`,
    /// `CheckpointInterval`): by the parser, or by the quick path with the same readers.
    var limit: WholeNumber<AtLeastOne>?
    /// `--draw` and its picture options; nil without `--draw`.
    var pictureOptions: PictureOptions?
    var json = false
    var time = false
    var threads: WholeNumber<AtLeastOne>?
    var shard: ShardSpec?
    var checkpoint: String?
    var checkpointInterval: CheckpointInterval?

    public init(figures: [String], count: Bool = false, all: Bool = false, raw: Bool = false, limit: WholeNumber<AtLeastOne>? = nil,
                pictureOptions: PictureOptions? = nil, json: Bool = false, time: Bool = false,
                threads: WholeNumber<AtLeastOne>? = nil, shard: ShardSpec? = nil, checkpoint: String? = nil,
                checkpointInterval: CheckpointInterval? = nil) {
        self.figures = figures
        self.count = count
        self.all = all
        self.raw = raw
        self.limit = limit
        self.pictureOptions = pictureOptions
        self.json = json
        self.time = time
        self.threads = threads
        self.shard = shard
        self.checkpoint = checkpoint
        self.checkpointInterval = checkpointInterval
    }

    /// `--limit`'s number.
    private var solutionLimit: Int? { limit?.value }
    /// `--threads`, never more than the cores the process may use, so that a large number asked
    /// for cannot start thousands of threads.
    private var threadCount: Int { min(threads?.value ?? UsableCores.count, UsableCores.count) }
    /// The threads for `solver`'s searches: one when its search runs on one thread anyway, so
    /// that a small figure's run does not read the cores it may use (`UsableCores`) for nothing.
    private func threadCount(for solver: Solver) -> Int { solver.searchesOnOneThread ? 1 : threadCount }

    public func run() throws {
        guard !figures.isEmpty else { throw fail("give at least one figure to solve (see soma solve --help)") }
        if shard != nil || checkpoint != nil {
            try runShard()
            return
        }
        // A bad figure among several is reported and the others are still solved: a user who
        // types `soma solve cube dog typo` wants the two answers, and exit status 2 at the end
        // says that one argument was wrong.
        var unsolved = false, bad = false
        for argument in figures {
            let solver: Solver
            let start = ContinuousClock.now
            do {
                solver = try Solver(resolveFigure(argument))
            } catch let error as SolverError {
                report(error.description)
                bad = true
                continue
            } catch {
                report("\(error)")
                bad = true
                continue
            }
            let found = try solve(solver, since: start)
            if found == 0 { unsolved = true }
        }
        if bad { throw ExitCode(2) }
        if unsolved { throw ExitCode(1) }
    }

    /// Solves one figure and prints what was asked; returns the number of distinct solutions.
    /// The time reported runs from `start` (before the solver was made, so that building the
    /// placements and the symmetry group counts) to the end of the count.
    private func solve(_ solver: Solver, since start: ContinuousClock.Instant) throws -> Int {
        let progress = ProgressLine(name: solver.figure.name)
        let control = SearchControl(progress: { progress.show($0) })
        var counted = try solver.count(limit: all ? nil : solutionLimit, threads: threadCount(for: solver), control: control)
        // A search stopped at its limit cannot tell "exactly N" from "N and more": when the count
        // reached the limit, a search for one more settles it (at most the time to find one more
        // solution), and when there is none its numbers are the whole count, raw included.
        var cut = false
        if !all, let solutionLimit, counted.distinct >= solutionLimit {
            let more = try solver.count(limit: solutionLimit + 1, threads: threadCount(for: solver))
            if more.distinct > solutionLimit { cut = true } else { counted = more }
        }
        let seconds = (ContinuousClock.now - start).seconds
        progress.clear()
        var listed: [Solution] = []
        if all {
            listed = try solver.solutions(raw ? .raw : .distinct, limit: solutionLimit, threads: threadCount(for: solver))
        } else if !count, counted.distinct > 0 {
            listed = try solver.solutions(.distinct, limit: 1)
        }
        let name = solver.figure.name
        if json {
            var object = jsonObject(name: name, cells: solver.figure.cells.count, count: counted, seconds: seconds,
                                    solutions: listed, complete: !cut)
            if let reason = solver.impossibility { object = String(object.dropLast()) + ",\"reason\":\(jsonString(reason))}" }
            print(object)
            return counted.distinct
        }
        let timing = time ? String(printf: " in %.4f s", seconds) : ""
        var limited = ""
        if cut, let solutionLimit {
            limited = ", stopped at --limit \(solutionLimit): there are more, the count is not complete"
        } else if all, let solutionLimit, (raw ? counted.raw : counted.distinct) > listed.count {
            limited = "; --limit \(solutionLimit) lists the first \(listed.count)"
        }
        let reason = solver.impossibility.map { ": " + $0 } ?? ""
        print("\(name): \(counted.distinct) distinct solution\(counted.distinct == 1 ? "" : "s") (\(counted.raw) raw)\(limited)\(timing)\(reason)")
        for (i, solution) in listed.enumerated() {
            if all { print("\n#\(i + 1)") } else { print() }
            print(pictureOptions.map { picture(of: solution, in: solver.figure, options: $0) }
                  ?? drawing(of: solution, cells: solver.figure.cells))
        }
        return counted.distinct
    }

    private func fail(_ message: String) -> ExitCode {
        report(message)
        return ExitCode(2)
    }

    private func report(_ message: String) {
        StandardStreams.printError("soma solve: \(message)")
    }
}


extension SolveRequest {
    /// Turns a command-line argument into a figure: a name from the catalog (`soma figures`), a
    /// figure file in any of the three formats, or, for convenience, any pentomino board `WxH`
    /// or solid-pentomino box `AxBxC` that the catalog does not name.
    public func resolveFigure(_ argument: String) throws -> Figure {
        if Catalog.names.contains(argument) { return try Catalog.figure(named: argument) }
        if !FileManager.default.fileExists(atPath: argument), let figure = Self.rectangularFigure(argument) {
            return figure
        }
        return try FigureReader.load(nameOrPath: argument)
    }

    /// A `WxH` pentomino board or an `AxBxC` solid-pentomino box.
    static func rectangularFigure(_ argument: String) -> Figure? {
        let sizes = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard sizes.count == 2 || sizes.count == 3, sizes.allSatisfy({ ($0 ?? 0) > 0 && $0! <= 128 }) else { return nil }
        let n = sizes.map { $0! }
        var cells: [Cell] = []
        for k in 0..<(n.count == 3 ? n[2] : 1) { for j in 0..<n[1] { for i in 0..<n[0] { cells.append(Cell(i, j, k)) } } }
        return Figure(name: argument, cells: cells, pieceSet: n.count == 2 ? .pentominoes : .solidPentominoes)
    }

    /// The solution as pictures: the assembled figure, then the pieces pulled apart.
    func picture(of solution: Solution, in figure: Figure, options: PictureOptions) -> String {
        let pieces = solution.pieces.map { (letter: $0.placement.piece, cells: $0.cells) }
        let assembled = FigurePicture.render(figureCells: figure.cells, pieces: pieces, pieceSet: figure.pieceSet,
                                             style: options.glyphs, view: options.view, width: options.width,
                                             color: options.colors)
        let exploded = FigurePicture.renderExploded(figureCells: figure.cells, pieces: pieces, pieceSet: figure.pieceSet,
                                                    style: options.glyphs, view: options.view, width: options.width,
                                                    color: options.colors)
        let legend = pieces.map { String($0.letter) }.joined(separator: " ")
        return assembled + "\n\nexploded (" + legend + "):\n" + exploded
    }

    /// The solution drawn as its horizontal layers side by side, bottom layer first, each seen
    /// from above (rows from the back, largest y, to the front), a piece's letter in each cell.
    /// A solid figure's drawing says so: the layers are numbered from the bottom, and a last line
    /// says the front row is the bottom one (as the game's plan draws them).
    func drawing(of solution: Solution, cells: [Cell]) -> String {
        let letters = solution.letters
        let xs = cells.map(\.x), ys = cells.map(\.y), zs = cells.map(\.z)
        var lines: [String] = []
        let layered = zs.min()! < zs.max()!
        if layered {
            let width = xs.max()! - xs.min()! + 1
            let labels = (zs.min()!...zs.max()!).map { z in
                let label = "\(z - zs.min()! + 1)"
                return label + String(repeating: " ", count: max(0, width - label.count))
            }
            lines.append(labels.joined(separator: "  ") + "   layer 1 is the bottom")
        }
        for y in (ys.min()!...ys.max()!).reversed() {
            let layers = (zs.min()!...zs.max()!).map { z in
                String((xs.min()!...xs.max()!).map { x in letters[Cell(x, y, z)] ?? "." })
            }
            lines.append(layers.joined(separator: "  "))
        }
        if layered { lines.append("(seen from above; the front row is the bottom one)") }
        return lines.joined(separator: "\n")
    }

    /// One figure's answer. `complete` is false when `--limit` stopped the count before the
    /// search finished, so that a script never reads a cut count as the figure's total.
    func jsonObject(name: String, cells: Int, count: SolutionCount, seconds: Double, solutions: [Solution],
                    complete: Bool = true) -> String {
        let list = solutions.map { solution in
            "[" + solution.pieces.map { piece in
                let cells = piece.cells.map { "[\($0.x),\($0.y),\($0.z)]" }.joined(separator: ",")
                return "{\"piece\":\(jsonString(String(piece.placement.piece))),\"cells\":[\(cells)]}"
            }.joined(separator: ",") + "]"
        }.joined(separator: ",")
        return "{\"figure\":\(jsonString(name)),\"cells\":\(cells),\"distinct\":\(count.distinct),"
            + "\"raw\":\(count.raw),\"complete\":\(complete),\"seconds\":\(String(printf: "%.6f", seconds)),"
            + "\"solutions\":[\(list)]}"
    }

    private func jsonString(_ s: String) -> String { JSONText.string(s) }
}

extension SolveRequest {
    /// `--shard K/N` and/or `--checkpoint FILE`: counts one part of one figure's search (the whole
    /// search, as shard 1/1, with a checkpoint alone), saving progress when asked, and prints its
    /// partial counts (`ShardReport`).
    func runShard() throws {
        guard figures.count == 1 else { throw fail("--shard and --checkpoint take exactly one figure") }
        guard !all, limit == nil, pictureOptions == nil else { throw fail("--shard and --checkpoint count; they do not list solutions (drop --all, --limit, --draw)") }
        let spec = shard ?? ShardSpec(number: 1, count: 1)
        let interval = (checkpointInterval ?? .standard).seconds
        let start = ContinuousClock.now
        let solver: Solver
        do {
            solver = try Solver(resolveFigure(figures[0]))
        } catch let error as SolverError {
            throw fail(error.description)
        } catch {
            throw fail("\(error)")
        }
        let name = solver.figure.name
        let partition = solver.partition(into: spec.count)
        // The checkpoint and the JSON line are authenticated with the search's key (`SearchKey`).
        var key: [UInt8] = []
        if checkpoint != nil || json {
            do {
                key = try SearchKey.current().bytes
            } catch {
                throw fail(error.description)
            }
        }
        let file = checkpoint.map {
            CheckpointFile(path: $0, figure: name, shard: spec, partition: partition.fingerprintText, key: key)
        }
        var saved: [JobProgress] = []
        do {
            saved = try file?.read() ?? []
        } catch let error as CheckpointError {
            throw fail(error.message)
        }
        if let file, let why = solver.damage(in: saved, shard: spec.number - 1, of: partition) {
            throw fail("damaged checkpoint \(file.shown): \(why); delete it to search again from the start")
        }
        let writer = file.map { CheckpointWriter(file: $0, interval: .milliseconds(Int(interval * 1000))) }
        let progress = ProgressLine(name: "\(name) \(spec.description)")
        var control = SearchControl(progress: { progress.show($0) })
        if let writer { control.checkpoint = { snapshot in writer.offer(snapshot) } }
        let counted = try solver.count(shard: spec.number - 1, of: partition, threads: threadCount,
                                       resuming: saved, control: control)
        progress.clear()
        if let writer { writer.save(counted.jobs) }
        let seconds = (ContinuousClock.now - start).seconds
        if json {
            let jobs = counted.jobs.map { JobProgress(job: $0.job, distinct: $0.distinct, raw: $0.raw, resumeAt: nil) }
            print(ShardReport(figure: name, cells: solver.figure.cells.count, shard: spec,
                              partition: partition.fingerprintText, distinct: counted.count.distinct,
                              raw: counted.count.raw, seconds: seconds, jobs: jobs).json(key: key))
        } else {
            let timing = time ? String(printf: " in %.4f s", seconds) : ""
            print("\(name) shard \(spec.description) (partition \(partition.fingerprintText)): "
                + "\(counted.count.distinct) distinct (\(counted.count.raw) raw)\(timing)")
        }
    }
}
