import Dispatch
import Polycube

/// Solves a figure: counts, lists or finds its solutions, and answers the game's questions about
/// a partial position (is it valid, is it complete, how many ways can it be finished, what is a
/// hint).
///
/// Creating a solver checks the figure and builds its exact-cover table (all placements) and
/// its symmetry group once; every question after that is a search over the table. A solver is
/// an immutable value, safe to share between threads; the searches take a `SearchControl` so a
/// caller can cancel them and follow their progress.
public struct Solver: Sendable {
    public let figure: Figure
    let problem: ExactCover
    let symmetries: [FigureSymmetry]

    /// Checks the figure (cell count against the pieces, pre-placed pieces) and prepares the
    /// search.
    public init(_ figure: Figure) throws(SolverError) {
        self.figure = figure
        self.problem = try ExactCover(figure: figure)
        self.symmetries = FigureSymmetry.group(of: problem)
        self.impossibility = Impossibility.reason(for: problem)
    }

    /// Why the figure has no solution, when that shows without a search (`part 2 has 2 cells:
    /// no piece is that small`); nil otherwise. Searches of such a figure find nothing at once.
    public let impossibility: String?

    /// The number of symmetries of the figure that distinct solutions are counted up to (1 when
    /// only the identity).
    public var symmetryCount: Int { symmetries.count }

    /// The number of placements (options) the search chooses from.
    public var placementCount: Int { problem.optionCount }

    /// True when the figure's whole search runs on one thread whatever `threads` asks (a small
    /// figure, a board three wide: `ExactCover.isShortSearch`), so that a caller need not find
    /// out how many cores it may use: reading that from `/proc` cost `soma solve 3x20` four
    /// system calls (issue 37).
    public var searchesOnOneThread: Bool { problem.isShortSearch }

    // MARK: Whole-figure searches

    /// Counts distinct and raw solutions. With `limit`, stops once that many distinct solutions
    /// are found (the raw number then counts only those found). `threads` above 1 splits the
    /// search between threads.
    public func count(limit: Int? = nil, threads: Int = 1,
                      control: SearchControl = SearchControl()) throws(SearchCancelled) -> SolutionCount {
        let plan = SearchPlan.distinct(problem, symmetries: symmetries)
        let outcome = try execute(plan, limit: limit, collect: false, threads: threads, control: control)
        return SolutionCount(distinct: outcome.found, raw: outcome.raw)
    }

    /// Lists solutions: one per symmetry class (`.distinct`) or all of them (`.raw`), at most
    /// `limit`, in the order the search finds them.
    public func solutions(_ kind: SolutionKind = .distinct, limit: Int? = nil, threads: Int = 1,
                          control: SearchControl = SearchControl()) throws(SearchCancelled) -> [Solution] {
        let plan = kind == .distinct ? SearchPlan.distinct(problem, symmetries: symmetries) : SearchPlan.raw(problem)
        let outcome = try execute(plan, limit: limit, collect: true, threads: threads, control: control)
        return outcome.solutions.map(solution)
    }

    /// The first solution the search finds, or nil when the figure has none.
    public func firstSolution(control: SearchControl = SearchControl()) throws(SearchCancelled) -> Solution? {
        try solutions(.raw, limit: 1, control: control).first
    }

    // MARK: Partial positions (the game)

    /// The first problem with a partial position, or nil when it is valid: every piece inside
    /// the figure, in a pose its set allows, no overlaps (with each other or with pre-placed
    /// pieces), no piece more often than the set holds it. Pre-placed pieces are not part of
    /// `placements`.
    public func check(_ placements: [Placement]) -> PositionIssue? {
        switch options(for: placements) {
        case .success: nil
        case let .failure(issue): issue
        }
    }

    /// True when the position is valid and fills the figure.
    public func isComplete(_ placements: [Placement]) -> Bool {
        guard case let .success(options) = options(for: placements) else { return false }
        return options.reduce(problem.initialFilled) { $0 | problem.masks[$1] }.isFull
    }

    /// How many ways the pieces not yet placed can finish the position (raw: the placed pieces
    /// fix the figure's orientation), counting at most `limit`.
    ///
    /// - Throws: `PositionIssue` when the position is not valid, `SearchCancelled` when
    ///   `control` cancelled the search.
    public func countCompletions(of placements: [Placement], limit: Int? = nil,
                                 control: SearchControl = SearchControl()) throws -> Int {
        let prefix = try options(for: placements).get()
        let plan = SearchPlan(symmetries: [], jobs: [.init(prefix: prefix, multiplicity: 1, check: [])])
        return try execute(plan, limit: limit, collect: false, threads: 1, control: control).found
    }

    /// One way to finish the position (a hint), or nil when there is none. The solution holds
    /// the given placements as they are, so the game can pick any piece it does not have yet.
    ///
    /// - Throws: `PositionIssue` when the position is not valid, `SearchCancelled` when
    ///   `control` cancelled the search.
    public func hint(for placements: [Placement], control: SearchControl = SearchControl()) throws -> Solution? {
        let prefix = try options(for: placements).get()
        let plan = SearchPlan(symmetries: [], jobs: [.init(prefix: prefix, multiplicity: 1, check: [])])
        return try execute(plan, limit: 1, collect: true, threads: 1, control: control).solutions.first.map(solution)
    }

    /// The ways to finish the position, at most `limit`, in the order the search finds them
    /// (the first is `hint(for:)`'s): one search both counts the completions and offers the game
    /// every one of them to choose a hint from (a piece the player can put in now, say).
    ///
    /// - Throws: `PositionIssue` when the position is not valid, `SearchCancelled` when
    ///   `control` cancelled the search.
    public func completions(of placements: [Placement], limit: Int? = nil,
                            control: SearchControl = SearchControl()) throws -> [Solution] {
        let prefix = try options(for: placements).get()
        let plan = SearchPlan(symmetries: [], jobs: [.init(prefix: prefix, multiplicity: 1, check: [])])
        return try execute(plan, limit: limit, collect: true, threads: 1, control: control).solutions.map(solution)
    }

    /// The options a partial position is made of, or the first thing wrong with it.
    func options(for placements: [Placement]) -> Result<[Int], PositionIssue> {
        var filled = problem.initialFilled
        var owner: [Int: Character] = [:]
        for placed in problem.preplacedPieces {
            for c in placed.cells { owner[problem.cellIndex(c)!] = placed.placement.piece }
        }
        var used = [Int](repeating: 0, count: problem.pieceCount)
        for (p, count) in problem.initialRemaining.enumerated() { used[p] = problem.pieces[p].copies - count }
        var result: [Int] = []
        for placement in placements {
            let letter = placement.piece
            guard let p = problem.pieces.firstIndex(where: { $0.letter == letter }) else {
                return .failure(.unknownPiece(letter))
            }
            let cells = placement.cells(of: problem.pieces[p].shape)
            let indices = cells.compactMap { problem.cellIndex($0) }
            guard indices.count == cells.count else { return .failure(.outsideFigure(letter)) }
            if let clash = indices.first(where: { owner[$0] != nil }) {
                return .failure(.overlap(owner[clash]!, letter))
            }
            used[p] += 1
            guard used[p] <= problem.pieces[p].copies else { return .failure(.tooManyCopies(letter)) }
            let mask = CellMask(indices: indices)
            guard let option = problem.option(piece: p, mask: mask) else { return .failure(.notAllowedPose(letter)) }
            for i in indices { owner[i] = letter }
            filled = filled | mask
            result.append(option)
        }
        return .success(result)
    }

    // MARK: Running a plan

    /// What a search found: distinct solutions (`found`), raw solutions, and the solutions
    /// themselves as option lists when asked to collect them.
    struct Outcome {
        var found = 0
        var raw = 0
        var solutions: [[Int]] = []

        mutating func add(_ other: Outcome) {
            found += other.found
            raw += other.raw
            solutions += other.solutions
        }
    }

    /// How many jobs a large figure's search is split into at least, whatever the thread count:
    /// enough for a dozen threads to share evenly. (512 cost a 3x20 board more instructions in
    /// splitting than in searching: callgrind.)
    static let sharedJobs = 128

    /// Runs the jobs of `plan`: in order on this thread when there is a limit or one thread,
    /// otherwise shared between `threads` worker threads, each job's outcome kept in its slot so
    /// that solutions come out in the same order either way.
    func execute(_ plan: SearchPlan, limit: Int?, collect: Bool, threads: Int,
                 control: SearchControl) throws(SearchCancelled) -> Outcome {
        if impossibility != nil { return Outcome() }
        if problem.cells.count > 64 {
            return try execute(plan, limit: limit, collect: collect, threads: threads, control: control, mask: CellMask.self)
        }
        if problem.isNarrowBoard && problem.smallestPiece >= 2 {
            return try execute(plan, limit: limit, collect: collect, threads: threads, control: control,
                               mask: NarrowBoardMask.self)
        }
        return problem.isBoardSearch
            ? try execute(plan, limit: limit, collect: collect, threads: threads, control: control, mask: BoardMask.self)
            : problem.isCubeOfFour
            ? try execute(plan, limit: limit, collect: collect, threads: threads, control: control, mask: CubeMask.self)
            : try execute(plan, limit: limit, collect: collect, threads: threads, control: control, mask: CellMask64.self)
    }

    func execute<Mask: SearchMask>(_ plan: SearchPlan, limit: Int?, collect: Bool, threads: Int,
                                   control: SearchControl, mask: Mask.Type) throws(SearchCancelled) -> Outcome {
        // A small figure's whole search takes about a millisecond: waking a second thread and
        // splitting the work would cost more than it saves (measured on the cube: 1.4 ms on one
        // thread, 2.3 ms and up on two).
        let large = !problem.isShortSearch
        let parallel = threads > 1 && limit == nil && large
        // Smaller jobs share out evenly between threads and report progress more often. When
        // solutions are listed, the jobs do not depend on the thread count and outcomes are kept
        // in job order, so that the list comes out in the same order on any number of threads. A
        // count on one thread needs only a few jobs, for its progress: on a 3x20 board (whose plan
        // already has hundreds) splitting them all cost more instructions than the search.
        // A 4x4x4 box's count searches each job in its best frame (`framed`): the more jobs, the
        // closer each frame fits, so it splits as finely on one thread.
        let plan = large ? plan.finer(problem, jobs: parallel || collect || problem.isCubeOfFour ? Solver.sharedJobs : 16) : plan
        if parallel {
            let results = JobResults(count: plan.jobs.count)
            let jobs = plan.jobs
            let finalPlan = plan
            let problem = problem
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                let engine = SearchEngine<Mask>(problem)
                engine.isCancelled = control.isCancelled
                while let j = results.nextJob() {
                    let outcome = Solver.run(jobs[j], plan: finalPlan, on: engine, problem: problem, limit: nil, collect: collect)
                    if engine.stopped { results.cancel(); return }
                    let done = results.store(outcome, at: j)
                    control.progress(Double(done) / Double(jobs.count))
                }
            }
            guard !results.isCancelled else { throw SearchCancelled() }
            return results.total
        }
        let engine = SearchEngine<Mask>(problem)
        engine.isCancelled = control.isCancelled
        var total = Outcome()
        for (j, job) in plan.jobs.enumerated() {
            let left = limit.map { $0 - total.found }
            if let left, left <= 0 { break }
            let outcome = Solver.run(job, plan: plan, on: engine, problem: problem, limit: left, collect: collect)
            total.add(outcome)
            if engine.stopped {
                if let limit, total.found >= limit { break }
                throw SearchCancelled()
            }
            control.progress(Double(j + 1) / Double(plan.jobs.count))
        }
        return total
    }

    /// Runs one job on an engine, counting a solution as distinct only when it passes the job's
    /// canonical-form test.
    static func run<Mask: SearchMask>(_ job: SearchPlan.Job, plan: SearchPlan, on engine: SearchEngine<Mask>, problem: ExactCover,
                    limit: Int?, collect: Bool) -> Outcome {
        var outcome = Outcome()
        if job.check.isEmpty && !collect {
            engine.visitor = nil
            engine.leafLimit = limit ?? .max
            let leaves = engine.run(prefix: framed(job, symmetries: plan.symmetries, on: engine, problem: problem).prefix)
            outcome.found = leaves
            outcome.raw = leaves * job.multiplicity
            return outcome
        }
        engine.leafLimit = .max
        let checks = job.check.map { plan.symmetries[$0] }
        engine.visitor = { options in
            outcome.raw += job.multiplicity
            guard checks.isEmpty || Solver.isCanonical(options, under: checks, problem: problem) else { return true }
            outcome.found += 1
            if collect { outcome.solutions.append(options.map(Int.init)) }
            return outcome.found < (limit ?? .max)
        }
        engine.run(prefix: job.prefix)
        engine.visitor = nil
        return outcome
    }

    /// True when no symmetry in `checks` maps the solution to a smaller one. Solutions are
    /// compared as a label per cell, the label naming the piece and the lowest cell of its
    /// placement, which tells tilings apart even when identical copies touch.
    static func isCanonical(_ options: UnsafeBufferPointer<Int32>, under checks: [FigureSymmetry],
                            problem: ExactCover) -> Bool {
        var labels = [Int](repeating: -1, count: problem.cellCount)
        for o in options {
            let cells = problem.masks[Int(o)]
            let label = problem.optionPiece[Int(o)] << 8 | cells.first
            cells.forEachIndex { labels[$0] = label }
        }
        var image = [Int](repeating: -1, count: problem.cellCount)
        for symmetry in checks {
            for o in options {
                let cells = problem.masks[Int(o)]
                var lowest = Int.max
                cells.forEachIndex { lowest = min(lowest, symmetry.cellPermutation[$0]) }
                let label = symmetry.pieceMap[problem.optionPiece[Int(o)]] << 8 | lowest
                cells.forEachIndex { image[symmetry.cellPermutation[$0]] = label }
            }
            for (a, b) in zip(image, labels) where a != b {
                if a < b { return false }
                break
            }
        }
        return true
    }

    /// The public form of a solution given as options.
    func solution(_ options: [Int]) -> Solution {
        Solution(pieces: problem.preplacedPieces + options.map { o in
            PlacedPiece(placement: problem.placement(of: o), cells: problem.masks[o].indices.map { problem.cells[$0] })
        })
    }
}

/// The shared state of a parallel search: the next job to hand out and each job's outcome.
/// A semaphore guards it; it is touched once per job, far from the hot loop.
private final class JobResults: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var next = 0
    private var done = 0
    private var outcomes: [Solver.Outcome?]
    private(set) var isCancelled = false

    init(count: Int) {
        outcomes = Array(repeating: nil, count: count)
    }

    func nextJob() -> Int? {
        lock.wait(); defer { lock.signal() }
        guard !isCancelled, next < outcomes.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ outcome: Solver.Outcome, at job: Int) -> Int {
        lock.wait(); defer { lock.signal() }
        outcomes[job] = outcome
        done += 1
        return done
    }

    func cancel() {
        lock.wait(); defer { lock.signal() }
        isCancelled = true
    }

    var total: Solver.Outcome {
        outcomes.reduce(into: Solver.Outcome()) { $0.add($1 ?? Solver.Outcome()) }
    }
}
