import ArgumentParser
import CommandOptions
import Dispatch
import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Generator
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Polycube
import Solver
import SolveJobs

/// `soma generate`: new Soma figures with an exact number of solutions and a grade
/// (`Generator.FigureGenerator`), printed in the native format (or written to `--out DIR`) and
/// kept among the generated figures, so that `soma play ID` finds them again.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Make new Soma figures with a known number of solutions and a difficulty grade.",
        discussion: """
            Each figure has 27 cubes joined face to face and can be built on a table: its pieces \
            go down one at a time, each resting on the floor or on a piece already down. Its \
            header comments give its id (the same for every rotation and mirror image), its grade \
            (1 easy to 5 hard, from the solver's measured effort) and its exact distinct and raw \
            solution counts. The same options and seed always give the same figures. Figures \
            made are kept in $XDG_CONFIG_HOME/soma/figures/generated/, so `soma play g-7f3a2c` \
            finds one again; `soma solve -` reads a figure from standard input.
            """)

    // Every value is read by its own type (`WholeNumber` with the bounds below, `UInt64`): a bad
    // one is the parser's to answer, naming the option and, in its help line, what it takes.

    @Option(help: ArgumentHelp("Exactly this many distinct solutions, 1 to 10000 (1: a unique figure).", valueName: "n"))
    var solutions: WholeNumber<Solutions>?

    @Option(help: ArgumentHelp("The difficulty grade, 1 (easy) to 5 (hard).", valueName: "g"))
    var grade: WholeNumber<Grades>?

    @Option(help: ArgumentHelp("The seed, a whole number from 0 to \(UInt64.max) (default: a random one, printed in the "
                               + "figure's header).", valueName: "s"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("How many figures, 1 to 1000 (default 1).", valueName: "k"))
    var count: WholeNumber<Figures>?

    @Flag(help: "Print JSON, one object per figure and line, the figure file included.")
    var json = false

    @Option(help: ArgumentHelp("Write each figure to DIR/ID.figure instead of standard output.", valueName: "dir"))
    var out: String?

    @Option(help: ArgumentHelp("Worker threads, 1 to 1024 (default: the cores this process may use); the figures are the same "
                               + "on any number.", valueName: "n"))
    var threads: WholeNumber<Threads>?

    /// `--solutions`' bounds.
    enum Solutions: NumberBounds { static var range: ClosedRange<Int> { 1...10_000 } }
    /// `--grade`'s: the generator's five grades.
    enum Grades: NumberBounds { static var range: ClosedRange<Int> { 1...5 } }
    /// `--count`'s.
    enum Figures: NumberBounds { static var range: ClosedRange<Int> { 1...1000 } }
    /// `--threads`' (the cores the process may use bound it again).
    enum Threads: NumberBounds { static var range: ClosedRange<Int> { 1...1024 } }

    func run() throws {
        let request = GenerationRequest(solutions: solutions?.value, grade: grade?.value)
        let figures = count?.value ?? 1
        let threadCount = min(threads?.value ?? UsableCores.count, UsableCores.count)
        let seedValue = seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
        // Each figure is a function of the seed and its number: made on any thread, printed in order.
        let results = Results(count: figures)
        DispatchQueue.concurrentPerform(iterations: threadCount) { worker in
            for index in stride(from: worker, to: figures, by: threadCount) {
                // Not cancelled: no control is given, so the search cannot throw.
                results.set(index, try? FigureGenerator.generate(request, seed: seedValue, index: index))
            }
        }
        let kept = GeneratedFigures()
        var failed = false
        for index in 0..<figures {
            guard case let .success(figure)? = results.get(index) else {
                if case let .failure(failure)? = results.get(index) {
                    StandardStreams.printError("soma generate: figure \(index + 1): \(failure)")
                }
                failed = true
                continue
            }
            let text = figure.fileText
            kept.keep(id: figure.id.text, text: text)
            var path: String?
            if let out {
                let folder = GeneratedFigures(directory: out)
                switch folder.keep(id: figure.id.text, text: text) {
                case .success(let written): path = written
                case .failure(let problem):
                    StandardStreams.printError("soma generate: \(problem)")
                    throw ExitCode(1)
                }
            }
            if json {
                print(Self.json(figure, path: path))
            } else if let path {
                print("\(path)  grade \(figure.grade.value), \(figure.count.distinct) distinct, \(figure.count.raw) raw")
            } else {
                if index > 0 { print() }
                print(text, terminator: "")
            }
        }
        if failed { throw ExitCode(1) }
    }

    /// One figure as a JSON object on one line (keys sorted, so the bytes repeat too).
    static func json(_ figure: GeneratedFigure, path: String?) -> String {
        let record = JSONRecord(id: figure.id.text, grade: figure.grade.value, score: figure.grade.score,
                                distinct: figure.count.distinct, raw: figure.count.raw,
                                nodesToFirst: figure.effort.nodesToFirst, nodes: figure.effort.nodes,
                                firstPlacements: figure.effort.firstPlacements,
                                liveFirstPlacements: figure.effort.liveFirstPlacements,
                                seed: String(figure.seed), index: figure.index, attempts: figure.attempts,
                                file: path, figure: figure.fileText)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and numbers cannot fail.
        return (try? encoder.encode(record)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// What `--json` prints of a figure. The seed is a string: JSON readers lose integers past 2^53.
    struct JSONRecord: Encodable {
        var id: String
        var grade: Int
        var score: Double
        var distinct: Int
        var raw: Int
        var nodesToFirst: Int
        var nodes: Int
        var firstPlacements: Int
        var liveFirstPlacements: Int
        var seed: String
        var index: Int
        var attempts: Int
        var file: String?
        var figure: String
    }
}

/// The figures made on the worker threads, each in its slot.
private final class Results: @unchecked Sendable {
    private let lock = Lock()
    private var slots: [Result<GeneratedFigure, GenerationFailure>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<GeneratedFigure, GenerationFailure>?) {
        lock.lock(); defer { lock.unlock() }
        slots[index] = value
    }

    func get(_ index: Int) -> Result<GeneratedFigure, GenerationFailure>? {
        lock.lock(); defer { lock.unlock() }
        return slots[index]
    }
}
