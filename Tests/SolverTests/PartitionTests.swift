import Dispatch
import Testing
import Polycube
@testable import Solver

/// Sharded searches: the shards of a partition share out the search without overlap, every
/// shard works out the same partition, and a stopped shard resumes from its progress.
@Suite struct PartitionTests {
    @Test func cubeShardsAddUpTo240And11520() throws {
        let solver = try Solver(Figures.somaCube)
        let partition = solver.partition(into: 4)
        #expect(partition.shardCount == 4)
        var total = SolutionCount(distinct: 0, raw: 0)
        var jobs: [Int] = []
        for k in 0..<4 {
            let shard = try solver.count(shard: k, of: partition)
            total.distinct += shard.count.distinct
            total.raw += shard.count.raw
            jobs += partition.jobs(inShard: k)
            #expect(shard.jobs.allSatisfy { $0.isDone })
            #expect(shard.jobs.map(\.job) == partition.jobs(inShard: k))
        }
        #expect(total == SolutionCount(distinct: 240, raw: 11520))
        // Every job in exactly one shard.
        #expect(jobs.sorted() == Array(0..<partition.jobCount))
        #expect(partition.jobCount >= 4 * SearchPartition.jobsPerShard)
    }

    @Test func board6x10ShardsAddUpTo2339OnTwoThreads() throws {
        let solver = try Solver(Figures.board(10, 6))
        let partition = solver.partition(into: 3)
        var distinct = 0, raw = 0
        for k in 0..<3 {
            let shard = try solver.count(shard: k, of: partition, threads: 2)
            distinct += shard.count.distinct
            raw += shard.count.raw
        }
        #expect(distinct == 2339)
        #expect(raw == 4 * 2339)
    }

    /// Made twice (as two machines would), the partition is the same; another shard count or
    /// another figure gives another fingerprint.
    @Test func partitionIsTheSameEveryTime() throws {
        let a = try Solver(Figures.board(10, 6)).partition(into: 8)
        let b = try Solver(Figures.board(10, 6)).partition(into: 8)
        #expect(a.fingerprint == b.fingerprint)
        #expect((0..<8).map(a.jobs(inShard:)) == (0..<8).map(b.jobs(inShard:)))
        let sevenWays = try Solver(Figures.board(10, 6)).partition(into: 7)
        let otherBoard = try Solver(Figures.board(12, 5)).partition(into: 8)
        #expect(sevenWays.fingerprint != a.fingerprint)
        #expect(otherBoard.fingerprint != a.fingerprint)
        #expect(a.fingerprintText.count == 16)
    }

    /// Shards made by different builds of soma merge only when both made the same partition:
    /// these are the fingerprints `soma solve NAME --shard K/N` printed before the estimates
    /// moved from the 128-bit engine to the one-word ones (issue 37), and must stay so.
    @Test(arguments: [("3x4x5", 16, "283872cad6d18831"), ("2x5x6", 8, "e023414c1f1a660d"), ("6x10", 4, "601d6c4a6f8a9b9b")])
    func partitionIsTheOneEarlierBuildsMade(name: String, shards: Int, fingerprint: String) throws {
        let partition = try Solver(Catalog.figure(named: name)).partition(into: shards)
        #expect(partition.fingerprintText == fingerprint)
    }

    /// The Bedlam cube's partition into 64 is the one earlier builds made, but its search
    /// walks the tree in another order since its passage choice (`SearchEngine.passageCell`),
    /// and again since each job is searched in its best frame (`Solver.framed`): its
    /// fingerprint is not one those builds printed (`d17c86e7ed981928`, `104b9299ed0c9001`), so
    /// that their checkpoints' paths are refused, and it stays the one this search prints.
    @Test func bedlamsFingerprintNamesItsSearchOrder() throws {
        let partition = try Solver(Catalog.figure(named: "bedlam")).partition(into: 64)
        #expect(partition.fingerprintText != "d17c86e7ed981928")
        #expect(partition.fingerprintText != "104b9299ed0c9001")
        #expect(partition.fingerprintText == "eba31efd1fb7077a")
    }

    /// A Bedlam job searched in the frame `Solver.framed` picks finds as many solutions as in
    /// its own, and that frame is an image of the job (the same pieces, as many cells), not
    /// always the job itself.
    @Test func aFramedJobCountsAsTheJob() throws {
        let solver = try Solver(Catalog.figure(named: "bedlam"))
        let problem = solver.problem
        let plan = SearchPlan.distinct(problem, symmetries: solver.symmetries).finer(problem, jobs: Solver.sharedJobs)
        let engine = SearchEngine<CubeMask>(problem)
        var turned = 0
        for job in plan.jobs.suffix(6) {
            let framed = Solver.framed(job, symmetries: plan.symmetries, on: engine, problem: problem)
            #expect(framed.prefix.map { problem.optionPiece[$0] } == job.prefix.map { problem.optionPiece[$0] })
            #expect(framed.multiplicity == job.multiplicity && framed.check == job.check)
            if framed.prefix != job.prefix { turned += 1 }
            let own = engine.run(prefix: job.prefix)
            #expect(engine.run(prefix: framed.prefix) == own)
        }
        #expect(turned > 0)
    }

    /// The estimate on the engine a figure's partition uses (`SearchPlan.nodeEstimator`: the
    /// cube's constants for Bedlam, one word for a figure of 64 cells or fewer) is the 128-bit
    /// engine's to the last bit, for jobs at the root and one level down.
    @Test(arguments: ["bedlam", "3x4x5", "6x10", "cube"])
    func estimatesAreTheGeneralEnginesExactly(name: String) throws {
        let solver = try Solver(Catalog.figure(named: name))
        let plan = SearchPlan.distinct(solver.problem, symmetries: solver.symmetries)
        let jobs = Array(plan.jobs.prefix(3)) + plan.jobs.prefix(2).flatMap { SearchPlan.children(of: $0, solver.problem).prefix(3) }
        let general = SearchEngine<CellMask>(solver.problem)
        let estimate = SearchPlan.nodeEstimator(solver.problem)
        #expect(jobs.count >= 5)
        var total = 0.0
        for (k, job) in jobs.enumerated() {
            let expected = general.estimateNodes(prefix: job.prefix, probes: 24, seed: UInt64(k))
            total += expected
            #expect(estimate(job.prefix, 24, UInt64(k)) == expected)
        }
        // Paths that go somewhere: a search below the roots, not dead ends at once.
        #expect(total > Double(jobs.count) * 2)
    }

    /// The estimate evens the shards out: no shard holds more than twice its fair share of the
    /// estimated work.
    @Test func shardsAreBalancedByTheEstimate() throws {
        let partition = try Solver(Figures.board(10, 6)).partition(into: 8)
        for k in 0..<8 { #expect(partition.estimatedShare(ofShard: k) < 2.0 / 8) }
    }

    /// A shard stopped mid-search (cancelled right after its third checkpoint snapshot), then
    /// resumed from that snapshot, counts what an uninterrupted run counts, on one thread and on
    /// two.
    @Test(arguments: [1, 2])
    func stoppedShardResumesToTheSameCount(threads: Int) throws {
        let solver = try Solver(Figures.board(10, 6))
        let partition = solver.partition(into: 2)
        let whole = try solver.count(shard: 0, of: partition)
        let saved = Saved()
        let control = SearchControl(isCancelled: { saved.count >= 3 },
                                    checkpoint: { snapshot in saved.add(snapshot()) })
        #expect(throws: SearchCancelled.self) { try solver.count(shard: 0, of: partition, threads: threads, control: control) }
        let progress = saved.last
        #expect(progress.contains(where: { !$0.isDone }))
        let resumed = try solver.count(shard: 0, of: partition, threads: threads, resuming: progress)
        #expect(resumed.count == whole.count)
        #expect(resumed.jobs == whole.jobs)
    }

    /// A resume path the search never takes (a damaged checkpoint) costs the job a fresh start,
    /// never a wrong count.
    @Test func unknownResumePathStartsTheJobAgain() throws {
        let solver = try Solver(Figures.board(10, 6))
        let partition = solver.partition(into: 2)
        let whole = try solver.count(shard: 1, of: partition)
        let job = partition.jobs(inShard: 1)[0]
        let bogus = JobProgress(job: job, distinct: 1000, raw: 4000, resumeAt: [0, 0, 0])
        let resumed = try solver.count(shard: 1, of: partition, resuming: [bogus])
        #expect(resumed.count == whole.count)
    }
}

/// Snapshots taken by a checkpoint closure, from any thread.
private final class Saved: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var snapshots: [[JobProgress]] = []

    func add(_ snapshot: [JobProgress]) {
        lock.wait(); defer { lock.signal() }
        snapshots.append(snapshot)
    }

    var count: Int {
        lock.wait(); defer { lock.signal() }
        return snapshots.count
    }

    var last: [JobProgress] {
        lock.wait(); defer { lock.signal() }
        return snapshots.last ?? []
    }
}
