/// How a search is split into independent jobs, and how each job's solutions are counted.
///
/// Symmetry breaking, instead of filtering duplicates afterwards: one piece `p` that every
/// symmetry of the figure maps to itself, and that has one copy left to place, is put first and
/// only in one placement per orbit of its placements under the figure's symmetry group `G`. A
/// representative placement `r` stands for its whole orbit, so it counts `|orbit(r)|` times
/// towards the raw total. Two solutions with `p` at `r` are symmetric exactly when a symmetry in
/// the stabiliser of `r` maps one onto the other, so when that stabiliser is more than the
/// identity a solution counts as distinct only if it is the smallest of its images under the
/// stabiliser (a canonical-form test that runs at the leaves of those few jobs only). With the
/// piece picked to have the fewest orbits, the search does about `1/|G|` of the raw work. In
/// large solid figures the piece is instead the one whose search is estimated smallest (see
/// `estimatedBest`).
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
        if problem.usesPassages, let jobs = estimatedBest(problem, symmetries: symmetries) {
            return SearchPlan(symmetries: symmetries, jobs: jobs)
        }
        var best: [Job]?
        for p in 0..<problem.pieceCount where problem.initialRemaining[p] == 1
            && symmetries.allSatisfy({ $0.pieceMap[p] == p }) {
            let options = problem.options(of: p)
            // An orbit holds at most one option per symmetry: skip a piece that cannot do better.
            if let best, (options.count + symmetries.count - 1) / symmetries.count >= best.count { continue }
            let jobs = orbitJobs(problem, piece: p, options: options, symmetries: symmetries)
            if best == nil || jobs.count < best!.count { best = jobs }
        }
        if let best { return SearchPlan(symmetries: symmetries, jobs: best) }
        let everything = Array(symmetries.indices.dropFirst())
        return SearchPlan(symmetries: symmetries, jobs: [Job(prefix: [], multiplicity: 1, check: everything)])
    }

    /// In large solid figures (`ExactCover.usesPassages`), the jobs of the piece whose search
    /// is estimated smallest: the fewest orbits is a poor guide there. In a 3x4x5 box the I
    /// piece has 4 orbits and the X 11, yet the search with X first visits 155 million nodes
    /// against 225 million (measured), as X's corners wall in cells early. Knuth's estimate
    /// (`SearchEngine.estimateNodes`, a few thousand random paths per piece, tens of
    /// milliseconds) came within a sixth of the measured count for every piece and ranks them
    /// alike; in the Bedlam cube it keeps the piece with two orbits.
    private static func estimatedBest(_ problem: ExactCover, symmetries: [FigureSymmetry]) -> [Job]? {
        let engine = SearchEngine<CellMask>(problem)
        var best: (jobs: [Job], cost: Double)?
        for p in 0..<problem.pieceCount where problem.initialRemaining[p] == 1
            && symmetries.allSatisfy({ $0.pieceMap[p] == p }) {
            let jobs = orbitJobs(problem, piece: p, options: problem.options(of: p), symmetries: symmetries)
            var cost = 0.0
            for (j, job) in jobs.enumerated() {
                let probes = max(probesPerPiece / jobs.count, 16)
                cost += engine.estimateNodes(prefix: job.prefix, probes: probes, seed: UInt64(j))
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

    /// One job per orbit of `piece`'s placements under the symmetries.
    private static func orbitJobs(_ problem: ExactCover, piece: Int, options: [Int],
                                  symmetries: [FigureSymmetry]) -> [Job] {
        var assigned = Set<Int>()
        var jobs: [Job] = []
        for option in options where !assigned.contains(option) {
            var orbit = Set<Int>()
            var stabiliser: [Int] = []
            let cells = problem.optionCells[option]
            for (s, symmetry) in symmetries.enumerated() {
                var image = CellMask.empty
                symmetry.cellPermutation.withUnsafeBufferPointer { permutation in
                    for c in cells { image.insert(permutation[c]) }
                }
                guard let o = problem.option(piece: piece, mask: image) else { continue }
                orbit.insert(o)
                if o == option && s != 0 { stabiliser.append(s) }
            }
            assigned.formUnion(orbit)
            jobs.append(Job(prefix: [option], multiplicity: orbit.count, check: stabiliser))
        }
        return jobs
    }

    /// The same plan with each job split by the options that can fill its first empty cell:
    /// more, smaller jobs, so that threads share the work evenly.
    func split(_ problem: ExactCover) -> SearchPlan {
        var result: [Job] = []
        for job in jobs {
            var filled = problem.initialFilled
            var remaining = problem.initialRemaining
            for o in job.prefix {
                filled = filled | problem.masks[o]
                remaining[problem.optionPiece[o]] -= 1
            }
            if filled.isFull { result.append(job); continue }
            let cell = filled.firstAbsent
            for p in 0..<problem.pieceCount where remaining[p] > 0 {
                let slot = cell * problem.pieceCount + p
                for o in Int(problem.anchoredStart[slot])..<Int(problem.anchoredStart[slot + 1])
                where problem.masks[o].isDisjoint(with: filled) {
                    result.append(Job(prefix: job.prefix + [o], multiplicity: job.multiplicity, check: job.check))
                }
            }
        }
        return SearchPlan(symmetries: symmetries, jobs: result)
    }
}
