import Dispatch
import Polycube

extension Solver {
    /// The partition of this figure's search into `shards` parts (see `SearchPartition`); the
    /// same on every machine and in every run.
    public func partition(into shards: Int) -> SearchPartition {
        SearchPartition(problem: problem, symmetries: symmetries, shardCount: max(1, shards))
    }

    /// Counts the solutions in shard `index` (0 ..< `partition.shardCount`) of `partition`,
    /// which must have been made by this solver's `partition(into:)`. The counts of all shards
    /// add up to `count()`.
    ///
    /// - Parameters:
    ///   - resuming: progress saved from an earlier run of this shard (a checkpoint): jobs done
    ///     are not searched again, jobs under way go on from where they stood.
    ///   - control: besides cancelling and progress, its `checkpoint` hears every few thousand
    ///     nodes; when it asks for a snapshot it gets every job's progress so far.
    public func count(shard index: Int, of partition: SearchPartition, threads: Int = 1,
                      resuming: [JobProgress] = [],
                      control: SearchControl = SearchControl()) throws(SearchCancelled) -> ShardCount {
        problem.isCubeOfFour
            ? try count(shard: index, of: partition, threads: threads, resuming: resuming, control: control, mask: CubeMask.self)
            : problem.cells.count <= 64
            ? try count(shard: index, of: partition, threads: threads, resuming: resuming, control: control, mask: CellMask64.self)
            : try count(shard: index, of: partition, threads: threads, resuming: resuming, control: control, mask: CellMask.self)
    }

    /// The most solutions a checkpoint may claim for one shard (2^48, some 2.8e14): far above any
    /// figure's count (Bedlam's cube has 19,186 distinct solutions), far below where sums could
    /// overflow.
    public static let maximumSavedCount = 1 << 48

    /// Why `saved` is not progress this shard's search could have made, in words; nil when it
    /// could have. A checkpoint is read from disk, so every number is foreign: a job of another
    /// shard or twice, a count below zero or beyond `maximumSavedCount`, more distinct solutions
    /// than raw ones, a raw count that is not the job's multiplicity times its solutions (each
    /// solution found in a job stands for that many), a resume path longer than the figure has
    /// cells or naming an option that does not exist. What passes can be resumed without a
    /// trap; a path that passes and is still not one the search takes costs the job a fresh
    /// start (`runTracked`).
    public func damage(in saved: [JobProgress], shard index: Int, of partition: SearchPartition) -> String? {
        guard (0..<partition.shardCount).contains(index) else { return "shard \(index + 1) is not in the partition" }
        let mine = Set(partition.jobs(inShard: index))
        var seen: Set<Int> = []
        var total = (distinct: 0, raw: 0)
        for progress in saved {
            let j = progress.job
            guard mine.contains(j) else { return "job \(j) is not one of this shard's" }
            guard seen.insert(j).inserted else { return "job \(j) appears twice" }
            let job = partition.plan.jobs[j]
            guard (0...Self.maximumSavedCount).contains(progress.distinct),
                  (0...Self.maximumSavedCount).contains(progress.raw) else {
                return "job \(j) counts \(progress.distinct) distinct and \(progress.raw) raw solutions"
            }
            let (leaves, remainder) = progress.raw.quotientAndRemainder(dividingBy: max(1, job.multiplicity))
            guard remainder == 0, progress.distinct <= leaves,
                  job.check.isEmpty ? progress.distinct == leaves : true else {
                return "job \(j)'s \(progress.distinct) distinct and \(progress.raw) raw solutions do not go together"
            }
            total.distinct += progress.distinct
            total.raw += progress.raw
            guard total.raw <= Self.maximumSavedCount else { return "the counts add up to more than \(Self.maximumSavedCount)" }
            if let path = progress.resumeAt {
                guard path.count <= problem.cellCount else { return "job \(j)'s resume path has \(path.count) steps" }
                if let bad = path.first(where: { !problem.masks.indices.contains($0) }) {
                    return "job \(j)'s resume path names option \(bad), which does not exist"
                }
            }
        }
        return nil
    }

    private func count<Mask: SearchMask>(shard index: Int, of partition: SearchPartition, threads: Int,
                                         resuming: [JobProgress], control: SearchControl,
                                         mask: Mask.Type) throws(SearchCancelled) -> ShardCount {
        let mine = partition.jobs(inShard: index)
        let book = ProgressBook(jobs: mine, resuming: resuming)
        let plan = partition.plan
        let problem = problem
        let workers = max(1, min(threads, book.pendingCount))
        let work: @Sendable (Int) -> Void = { _ in
            let engine = SearchEngine<Mask>(problem)
            engine.isCancelled = control.isCancelled
            while let (j, from) = book.nextJob() {
                guard let done = Solver.runTracked(plan.jobs[j], index: j, from: from, plan: plan, on: engine,
                                                   problem: problem, book: book, control: control) else {
                    book.cancel()
                    return
                }
                let finished = book.finish(done)
                control.progress(Double(finished) / Double(max(mine.count, 1)))
            }
        }
        if workers == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: workers, execute: work) }
        guard !book.isCancelled else { throw SearchCancelled() }
        let jobs = book.snapshot()
        let total = jobs.reduce(into: SolutionCount(distinct: 0, raw: 0)) { sum, job in
            sum.distinct += job.distinct
            sum.raw += job.raw
        }
        return ShardCount(count: total, jobs: jobs)
    }

    /// Runs one job from the start or from saved progress, reporting its progress to `book` at
    /// each poll; returns its final progress, or nil when the search was cancelled.
    static func runTracked<Mask: SearchMask>(_ job: SearchPlan.Job, index: Int, from: JobProgress?, plan: SearchPlan,
                                 on engine: SearchEngine<Mask>, problem: ExactCover, book: ProgressBook,
                                 control: SearchControl) -> JobProgress? {
        // A count searches the job in its best frame (`framed`), the same on every run.
        let job = framed(job, symmetries: plan.symmetries, on: engine, problem: problem)
        var base = (distinct: from?.distinct ?? 0, raw: from?.raw ?? 0)
        var resumeAt = from?.resumeAt
        let depth = job.prefix.count
        while true {
            var outcome = Outcome(found: base.distinct, raw: base.raw)
            let counting = job.check.isEmpty
            engine.leafLimit = .max
            if counting {
                engine.visitor = nil
            } else {
                let checks = job.check.map { plan.symmetries[$0] }
                engine.visitor = { options in
                    outcome.raw += job.multiplicity
                    if Solver.isCanonical(options, under: checks, problem: problem) { outcome.found += 1 }
                    return true
                }
            }
            let start = base
            engine.poll = { path, leaves in
                let progress = counting
                    ? JobProgress(job: index, distinct: start.distinct + leaves, raw: start.raw + leaves * job.multiplicity,
                                  resumeAt: path[depth...].map(Int.init))
                    : JobProgress(job: index, distinct: outcome.found, raw: outcome.raw,
                                  resumeAt: path[depth...].map(Int.init))
                book.record(progress)
                control.checkpoint?(book.snapshot)
            }
            let leaves = resumeAt.map { engine.run(prefix: job.prefix, resumingAt: $0) } ?? engine.run(prefix: job.prefix)
            engine.poll = nil
            engine.visitor = nil
            if engine.pathNotFound {
                // A resume path this search never takes (a checkpoint from another build): the
                // job is searched again from its start, which no count can go wrong by.
                base = (0, 0)
                resumeAt = nil
                continue
            }
            if engine.stopped { return nil }
            if counting {
                outcome.found = start.distinct + leaves
                outcome.raw = start.raw + leaves * job.multiplicity
            }
            return JobProgress(job: index, distinct: outcome.found, raw: outcome.raw, resumeAt: nil)
        }
    }
}

/// The shared state of a shard's search: which jobs are left to hand out, and the latest
/// progress of every job. A semaphore guards it; it is touched once per job and once per poll
/// (every few thousand nodes), far from the hot loop.
final class ProgressBook: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var pending: [(job: Int, from: JobProgress?)]
    private var next = 0
    private var finished = 0
    private var entries: [Int: JobProgress] = [:]
    private(set) var isCancelled = false

    /// `jobs` in order; saved progress for other jobs is ignored.
    init(jobs: [Int], resuming: [JobProgress]) {
        var saved: [Int: JobProgress] = [:]
        for progress in resuming { saved[progress.job] = progress }
        pending = []
        for j in jobs {
            if let progress = saved[j], progress.isDone {
                entries[j] = progress
                finished += 1
            } else {
                pending.append((j, saved[j]))
                if let progress = saved[j] { entries[j] = progress }
            }
        }
    }

    var pendingCount: Int { pending.count }

    func nextJob() -> (Int, JobProgress?)? {
        lock.wait(); defer { lock.signal() }
        guard !isCancelled, next < pending.count else { return nil }
        next += 1
        return pending[next - 1]
    }

    func record(_ progress: JobProgress) {
        lock.wait(); defer { lock.signal() }
        entries[progress.job] = progress
    }

    /// Records a job as done; returns how many of the shard's jobs are.
    func finish(_ progress: JobProgress) -> Int {
        lock.wait(); defer { lock.signal() }
        entries[progress.job] = progress
        finished += 1
        return finished
    }

    func cancel() {
        lock.wait(); defer { lock.signal() }
        isCancelled = true
    }

    /// Every job's latest progress, by job.
    func snapshot() -> [JobProgress] {
        lock.wait(); defer { lock.signal() }
        return entries.values.sorted { $0.job < $1.job }
    }
}
