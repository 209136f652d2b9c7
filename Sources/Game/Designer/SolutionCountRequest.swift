import Polycube
import Solver

/// "How many distinct solutions has this figure?", as a value. The designer asks it whenever
/// the design has exactly the cells the pieces fill; the terminal loop runs it off the input
/// path and cancels it when the design has changed again, so drawing never waits for the solver.
public struct SolutionCountRequest: Hashable, Sendable {
    var figure: Figure
    /// Which version of the design this is about: an answer for an older one is dropped.
    public var generation: Int

    init(figure: Figure, generation: Int) {
        self.figure = figure
        self.generation = generation
    }

    /// Runs the count. Pure computation: no clock, no files; `isCancelled` is polled during the
    /// search and stops it (the result is then `.cancelled`).
    public func run(threads: Int = 1, isCancelled: @escaping @Sendable () -> Bool = { false }) -> SolutionCountResult {
        // A request that is stale before it starts (the design changed while it queued) is
        // not started at all: the solver only polls now and then.
        if isCancelled() { return SolutionCountResult(generation: generation, outcome: .cancelled) }
        do {
            let solver = try Solver(figure)
            let count = try solver.count(threads: threads, control: SearchControl(isCancelled: isCancelled))
            return SolutionCountResult(generation: generation, outcome: .counted(count.distinct))
        } catch let error as SolverError {
            return SolutionCountResult(generation: generation, outcome: .impossible(error.description))
        } catch {
            return SolutionCountResult(generation: generation, outcome: .cancelled)
        }
    }
}

/// The answer to a `SolutionCountRequest`.
public struct SolutionCountResult: Hashable, Sendable {
    public var generation: Int
    var outcome: Outcome

    enum Outcome: Hashable, Sendable {
        /// The number of distinct solutions (0: no solution).
        case counted(Int)
        /// The solver refused the figure, and why.
        case impossible(String)
        /// The search was stopped because the design changed.
        case cancelled
    }

    init(generation: Int, outcome: Outcome) {
        self.generation = generation
        self.outcome = outcome
    }
}
