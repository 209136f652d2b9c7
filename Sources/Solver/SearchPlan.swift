/// How a search is split into independent jobs, and how each job's solutions are counted.
///
/// Symmetry breaking, instead of filtering duplicates afterwards: one piece `p` that every
/// symmetry of the figure maps to itself, and that has one copy left to place, is put first and
/// only in one placement per orbit of its placements under the figure's symmetry group `G`. A
/// representative placement `r` stands for its whole orbit, so it counts `|orbit(r)|` times
/// towards the raw total. Two solutions with `p` at `r` are symmetric exactly when a symmetry in
/// the stabiliser of `r` maps one onto the other, so when that stabiliser is more than the
/// identity a solution counts as distinct only if it is the smallest of its images under the
/// stabiliser (a canonical-form test at the leaves). Such a job would still find each solution
/// up to |stabiliser| times, so it is refined the same way with a second piece (and a third),
/// placed in one placement per orbit under the stabiliser, until no symmetry is left to test or
/// no piece qualifies. With the pieces picked to give the fewest jobs, the search does about
/// `1/|G|` of the raw work (the cube: 9 jobs, none left with a test). In large solid figures
/// the first piece is instead the one whose search is estimated smallest (see `estimatedBest`).
///
/// When no piece qualifies (every piece has several copies, or the symmetries swap them all),
/// the plan falls back to the plain search and tests every solution against the whole group.
struct SearchPlan: Sendable {
    struct Job: Sendable {
        /// Options placed before the search of this job starts.
        var prefix: [Int]
        /// How many raw solutions each solution found in this job stands for.
        var multiplicity: Int
        /// Indices into `symmetries` to test at each solution; empty when every solution found is
        /// distinct.
        var check: [Int]
    }

    let symmetries: [FigureSymmetry]
    let jobs: [Job]

    /// Every raw solution once: one job, nothing to test.
    static func raw(_ problem: ExactCover) -> SearchPlan {
        SearchPlan(symmetries: [], jobs: [Job(prefix: [], multiplicity: 1, check: [])])
    }

    /// One solution per class of symmetric solutions, with the raw total recoverable from the
    /// multiplicities.
    static func distinct(_ problem: ExactCover, symmetries: [FigureSymmetry]) -> SearchPlan {
        guard symmetries.count > 1 else { return raw(problem) }
        let everything = Array(symmetries.indices)
        let root = Job(prefix: [], multiplicity: 1, check: Array(everything.dropFirst()))
        let large = problem.usesPassages && problem.figure.cells.count >= ExactCover.largeFigure
        // Each refinement below looks at every piece's options: list them once (on a 3x20 board
        // listing them per refinement was a quarter of the plan's instructions).
        let byPiece = problem.optionsByPiece()
        guard let jobs = large ? estimatedBest(problem, root: root, symmetries: symmetries, byPiece: byPiece)
                               : orbitJobs(problem, refining: root, symmetries: symmetries, byPiece: byPiece) else {
            return SearchPlan(symmetries: symmetries, jobs: [root])
        }
        // A job whose placement some symmetry keeps would find each of its solutions up to
        // |stabiliser| times and throw the copies away at the leaves: break the remaining
        // symmetry with a second piece (and a third), so that the search does that work once.
        // Each refinement pays for itself only while the search it halves is larger than the
        // searches it adds: the finer jobs each fill the figure again up to where the new piece
        // lies. On boards and slabs two rounds were best on every figure measured (callgrind,
        // count on one thread: 3x20 24.4M -> 13.8M instructions, 5x12 174M -> 125M, 2x3x10
        // 88.8M -> 57.0M, 4x15, 6x10 and 8x8 with its centre hole unchanged; none at all cost
        // 4x15 a tenth more); solid figures keep 64 (the cube is the same either way). A board
        // three wide, whose whole search is a few thousand nodes, is best with none: its nine
        // jobs test each leaf instead (3x20, set-up included: 2.78M with two rounds, 2.62M
        // with one, 2.46M with none).
        let maximumRounds = problem.layout.isSolid ? 64 : problem.isNarrowBoard ? 0 : 2
        // Depth first, each job's finer jobs in its place (a list of pending jobs prepended to
        // at every round copied the whole list each time).
        var refined: [Job] = []
        var rounds = 0
        func refine(_ job: Job) {
            if !job.check.isEmpty, rounds < maximumRounds,
               let finer = orbitJobs(problem, refining: job, symmetries: symmetries, byPiece: byPiece) {
                rounds += 1
                for child in finer { refine(child) }
            } else {
                refined.append(job)
            }
        }
        for job in jobs { refine(job) }
        return SearchPlan(symmetries: symmetries, jobs: refined)
    }

    /// In large solid figures (passages, `ExactCover.largeFigure` cells or more), the jobs of the piece whose search
    /// is estimated smallest: the fewest orbits is a poor guide there. In a 3x4x5 box the I
    /// piece has 4 orbits and the X 11, yet the search with X first visits 155 million nodes
    /// against 225 million (measured), as X's corners wall in cells early. Knuth's estimate
    /// (`SearchEngine.estimateNodes`, a few thousand random paths per piece, tens of
    /// milliseconds) came within a sixth of the measured count for every piece and ranks them
    /// alike; in the Bedlam cube it keeps the piece with two orbits.
    private static func estimatedBest(_ problem: ExactCover, root: Job, symmetries: [FigureSymmetry],
                                      byPiece: [[Int]]) -> [Job]? {
        let estimate = nodeEstimator(problem)
        var best: (jobs: [Job], cost: Double)?
        for p in 0..<problem.pieceCount where problem.initialRemaining[p] == 1
            && symmetries.allSatisfy({ $0.pieceMap[p] == p }) {
            let jobs = orbitJobs(problem, piece: p, options: byPiece[p], group: [0] + root.check,
                                 under: root, symmetries: symmetries)
            var cost = 0.0
            for (j, job) in jobs.enumerated() {
                let probes = max(probesPerPiece / jobs.count, 16)
                cost += estimate(job.prefix, probes, UInt64(j))
                if let best, cost >= best.cost { break }
            }
            if best == nil || cost < best!.cost { best = (jobs, cost) }
        }
        return best?.jobs
    }

    /// Random paths per candidate piece for `estimatedBest`: with 2000, the estimates of a
    /// 3x4x5 box's pieces stayed within a fifth of the measured node counts, far less than the
    /// gaps between the best pieces.
    private static let probesPerPiece = 2000

    /// Breaks the symmetries `job.check` (the stabiliser of its prefix, identity left out)
    /// with one more piece: one job per orbit of that piece's placements that fit the prefix.
    /// The piece chosen has one copy left, is mapped to itself by every symmetry concerned, and
    /// gives the fewest jobs. Nil when no piece qualifies.
    private static func orbitJobs(_ problem: ExactCover, refining job: Job,
                                  symmetries: [FigureSymmetry], byPiece: [[Int]]) -> [Job]? {
        let group = [0] + job.check
        var filled = problem.initialFilled
        var remaining = problem.initialRemaining
        for o in job.prefix {
            filled = filled | problem.masks[o]
            remaining[problem.optionPiece[o]] -= 1
        }
        // Candidate pieces with the options that still fit, fewest options first: an orbit
        // holds at most one option per symmetry, so a piece with many options cannot beat one
        // with few by much, and the bound below skips it without working out its orbits.
        // Counted first and listed only when the bound lets a piece through: listing every
        // candidate's options was most of a refinement's allocations.
        var candidates: [(piece: Int, count: Int)] = []
        for p in 0..<problem.pieceCount where remaining[p] == 1
            && group.allSatisfy({ symmetries[$0].pieceMap[p] == p }) {
            var count = 0
            for o in byPiece[p] where problem.masks[o].isDisjoint(with: filled) { count += 1 }
            candidates.append((p, count))
        }
        candidates.sort { $0.count < $1.count }
        var best: [Job]?
        for (piece, count) in candidates {
            if let best, (count + group.count - 1) / group.count >= best.count { continue }
            let options = byPiece[piece].filter { problem.masks[$0].isDisjoint(with: filled) }
            let jobs = orbitJobs(problem, piece: piece, options: options, group: group, under: job,
                                 symmetries: symmetries)
            if best == nil || jobs.count < best!.count { best = jobs }
        }
        return best
    }

    /// One job per orbit of `options` (placements of `piece`) under `group` (indices into
    /// `symmetries`, identity first). Each job's multiplicity is the orbit's size times the
    /// refined job's, and its check list is the placement's stabiliser within `group`.
    private static func orbitJobs(_ problem: ExactCover, piece: Int, options: [Int], group: [Int], under job: Job,
                                  symmetries: [FigureSymmetry]) -> [Job] {
        var assigned = [Bool](repeating: false, count: problem.optionCount)
        var jobs: [Job] = []
        var orbit: [Int] = []
        for option in options where !assigned[option] {
            orbit.removeAll(keepingCapacity: true)
            var stabiliser: [Int] = []
            let cells = problem.masks[option]
            for s in group {
                var image = CellMask.empty
                symmetries[s].cellPermutation.withUnsafeBufferPointer { permutation in
                    cells.forEachIndex { image.insert(permutation[$0]) }
                }
                guard let o = problem.option(piece: piece, mask: image) else { continue }
                if !orbit.contains(o) { orbit.append(o) }
                if o == option && s != 0 { stabiliser.append(s) }
            }
            for o in orbit { assigned[o] = true }
            jobs.append(Job(prefix: job.prefix + [option], multiplicity: job.multiplicity * orbit.count,
                            check: stabiliser))
        }
        return jobs
    }

    /// The plan split level by level (`split`) until it has at least `jobs` jobs or no job
    /// splits further; the plan itself when it has that many.
    func finer(_ problem: ExactCover, jobs target: Int) -> SearchPlan {
        var plan = self
        while plan.jobs.count < target {
            let next = plan.split(problem)
            if next.jobs.count <= plan.jobs.count { break }
            plan = next
        }
        return plan
    }

    /// The same plan with each job split by the options that can fill its first empty cell:
    /// more, smaller jobs, so that threads share the work evenly.
    func split(_ problem: ExactCover) -> SearchPlan {
        SearchPlan(symmetries: symmetries, jobs: jobs.flatMap { Self.children(of: $0, problem) })
    }

    /// A job split by the options that can fill its first empty cell, in the order of the
    /// anchored lists; the job itself when its prefix fills the figure. Every solution of the
    /// job covers that cell with exactly one such option, so the children share out its
    /// solutions without overlap.
    static func children(of job: Job, _ problem: ExactCover) -> [Job] {
        var filled = problem.initialFilled
        var remaining = problem.initialRemaining
        for o in job.prefix {
            filled = filled | problem.masks[o]
            remaining[problem.optionPiece[o]] -= 1
        }
        if filled.isFull { return [job] }
        let cell = filled.firstAbsent
        var result: [Job] = []
        for p in 0..<problem.pieceCount where remaining[p] > 0 {
            let slot = cell * problem.pieceCount + p
            for o in Int(problem.anchoredStart[slot])..<Int(problem.anchoredStart[slot + 1])
            where problem.masks[o].isDisjoint(with: filled) {
                result.append(Job(prefix: job.prefix + [o], multiplicity: job.multiplicity, check: job.check))
            }
        }
        return result
    }
}

extension SearchPlan {
    /// Knuth's estimate (`SearchEngine.estimateNodes`: prefix, probes, seed) on an engine of the
    /// mask type the search itself runs on, where the lists and the random paths are the same
    /// as the general engine's, so the same numbers come out (`SearchPartitionTests`): the
    /// Bedlam cube's with its steps as constants (`CubeMask`), any other figure of at most 64
    /// cells in one word. A Bedlam shard's partition, 64 ways, estimated on the 128-bit engine
    /// was 1.58G of the shard's 2.53G instructions, twice its search (callgrind, issue 37).
    static func nodeEstimator(_ problem: ExactCover) -> (_ prefix: [Int], _ probes: Int, _ seed: UInt64) -> Double {
        if problem.isCubeOfFour { return estimator(SearchEngine<CubeMask>(problem)) }
        if problem.cells.count <= 64 { return estimator(SearchEngine<CellMask64>(problem)) }
        return estimator(SearchEngine<CellMask>(problem))
    }

    private static func estimator<Mask: SearchMask>(_ engine: SearchEngine<Mask>)
        -> (_ prefix: [Int], _ probes: Int, _ seed: UInt64) -> Double {
        { prefix, probes, seed in engine.estimateNodes(prefix: prefix, probes: probes, seed: seed) }
    }
}
