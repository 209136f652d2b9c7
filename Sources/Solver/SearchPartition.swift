import Polycube

/// A fixed division of a figure's symmetry-broken search into disjoint parts, *shards*, so that
/// machines that share nothing can each search one and add their counts up afterwards.
///
/// No coordinator hands the parts out: every shard works the partition out again from the
/// figure alone, so it has to come out the same everywhere. It does, because every step is
/// deterministic: the plan (`SearchPlan.distinct`, whose own estimate uses fixed seeds), then
/// the splitting, always of the job with the largest estimated search (Knuth's estimate,
/// `SearchEngine.estimateNodes`, seeded from the job's prefix) until there are
/// `jobsPerShard` jobs per shard, then the dealing: largest estimated job first, each to the
/// shard with the least estimated work so far (ties to the lower index). Splitting by the
/// estimate rather than level by level puts the cuts where the work is: the jobs of a 3x4x5
/// box differ in size by four orders of magnitude.
///
/// The `fingerprint` hashes the figure, its pieces, the shard count and every job with its
/// shard, so that `soma merge` can tell shards of different partitions apart (another figure,
/// another shard count, another build of soma that splits differently).
public struct SearchPartition: Sendable {
    /// How many shards the search is divided into.
    public let shardCount: Int
    let plan: SearchPlan
    /// The jobs (indices into `plan.jobs`) of each shard, in plan order.
    let shards: [[Int]]
    /// The estimated nodes of each job.
    let estimates: [Double]
    public let fingerprint: UInt64

    /// Jobs per shard the splitting makes at least; it goes on splitting the largest job until
    /// none holds more than 1/`largestJobPerShard` of a shard's share of the estimated total,
    /// up to `maximumJobsPerShard` jobs per shard. On a 3x4x5 box split 16 ways, 32 jobs per
    /// shard without the second condition left the heaviest shard at 4 times the mean (measured).
    static let jobsPerShard = 32
    static let largestJobPerShard = 8
    static let maximumJobsPerShard = 512
    /// Random paths per job for its estimate.
    static let probesPerJob = 48

    /// The number of jobs over all shards.
    public var jobCount: Int { plan.jobs.count }

    /// The jobs of shard `index` (0 ..< `shardCount`), in the order they are searched.
    public func jobs(inShard index: Int) -> [Int] { shards[index] }

    /// The fingerprint as 16 hexadecimal digits, as the command line prints it.
    public var fingerprintText: String {
        let digits = String(fingerprint, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The estimated fraction of the whole search that shard `index` holds.
    public func estimatedShare(ofShard index: Int) -> Double {
        let total = estimates.reduce(0, +)
        guard total > 0 else { return 1 / Double(shardCount) }
        return shards[index].reduce(0) { $0 + estimates[$1] } / total
    }

    init(problem: ExactCover, symmetries: [FigureSymmetry], shardCount: Int) {
        self.shardCount = shardCount
        let base = SearchPlan.distinct(problem, symmetries: symmetries)
        let estimateNodes = SearchPlan.nodeEstimator(problem)
        func estimate(_ job: SearchPlan.Job) -> Double {
            estimateNodes(job.prefix, Self.probesPerJob, Self.seed(job.prefix))
        }
        var jobs = base.jobs
        var estimates = jobs.map(estimate)
        var splittable = [Bool](repeating: true, count: jobs.count)
        let shardsAtLeastTwo = max(2, shardCount)
        var total = estimates.reduce(0, +)
        while jobs.count < shardsAtLeastTwo * Self.maximumJobsPerShard {
            var largest: Int?
            for j in jobs.indices where splittable[j] && (largest == nil || estimates[j] > estimates[largest!]) {
                largest = j
            }
            guard let m = largest else { break }
            // Enough when there are some jobs per shard and no job holds more than a small part
            // of a shard's share: then dealing them out evens the shards.
            if jobs.count >= shardsAtLeastTwo * Self.jobsPerShard
                && estimates[m] <= total / Double(shardsAtLeastTwo * Self.largestJobPerShard) { break }
            let children = SearchPlan.children(of: jobs[m], problem)
            if children.count == 1 && children[0].prefix == jobs[m].prefix {
                splittable[m] = false
                continue
            }
            let childEstimates = children.map(estimate)
            total += childEstimates.reduce(0, +) - estimates[m]
            jobs.replaceSubrange(m...m, with: children)
            estimates.replaceSubrange(m...m, with: childEstimates)
            splittable.replaceSubrange(m...m, with: Array(repeating: true, count: children.count))
        }
        // Largest first, each to the least loaded shard.
        let order = jobs.indices.sorted { estimates[$0] != estimates[$1] ? estimates[$0] > estimates[$1] : $0 < $1 }
        var load = [Double](repeating: 0, count: shardCount)
        var shards = [[Int]](repeating: [], count: shardCount)
        for j in order {
            var least = 0
            for k in 1..<shardCount where load[k] < load[least] { least = k }
            shards[least].append(j)
            load[least] += estimates[j]
        }
        self.shards = shards.map { $0.sorted() }
        self.plan = SearchPlan(symmetries: base.symmetries, jobs: jobs)
        self.estimates = estimates

        var hash = FNV1a()
        hash.add(Self.formatVersion)
        if problem.isCubeOfFour { hash.add(Self.cubeSearchVersion) }
        hash.add(problem.figure.cells.count)
        for c in problem.figure.cells { hash.add(c.x); hash.add(c.y); hash.add(c.z) }
        for placed in problem.figure.preplaced {
            hash.add(Int(placed.letter.unicodeScalars.first!.value))
            for c in placed.cells { hash.add(c.x); hash.add(c.y); hash.add(c.z) }
        }
        for (cell, letter) in problem.figure.markedCells.sorted(by: { $0.key < $1.key }) {
            hash.add(Int(letter.unicodeScalars.first!.value))
            hash.add(cell.x); hash.add(cell.y); hash.add(cell.z)
        }
        for piece in problem.pieces {
            hash.add(Int(piece.letter.unicodeScalars.first!.value))
            hash.add(piece.copies)
            for c in piece.shape.cells { hash.add(c.x); hash.add(c.y); hash.add(c.z) }
        }
        hash.add(problem.optionCount)
        hash.add(shardCount)
        for (k, shard) in self.shards.enumerated() {
            for j in shard {
                hash.add(k)
                hash.add(jobs[j].multiplicity)
                for o in jobs[j].prefix { hash.add(o) }
                hash.add(-1)
                for s in jobs[j].check { hash.add(s) }
                hash.add(-2)
            }
        }
        fingerprint = hash.value
    }

    /// Changed whenever the way a partition is made changes, so that shards from builds that
    /// split differently never merge.
    static let formatVersion = 1

    /// Hashed into the fingerprint of a 4x4x4 box's search (`ExactCover.isCubeOfFour`, the
    /// Bedlam cube) alone, and changed whenever that search walks its tree in another order:
    /// a checkpoint's path is then never followed by a search that walks differently, while
    /// the other figures keep the fingerprints earlier builds printed. 1: the cube's search
    /// branches at the passage whose neighbour has the fewest ways on
    /// (`SearchEngine.passageCell`). 2: each job is searched in the image of its prefix
    /// estimated smallest (`Solver.framed`).
    static let cubeSearchVersion = 2

    /// A job's estimate seed: its prefix, hashed.
    static func seed(_ prefix: [Int]) -> UInt64 {
        var hash = FNV1a()
        for o in prefix { hash.add(o) }
        return hash.value
    }
}

/// The 64-bit FNV-1a hash of a sequence of integers (eight bytes each, little end first): tiny,
/// and the same on every platform and in every run, unlike `Hasher`.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ n: Int) {
        var bits = UInt64(bitPattern: Int64(n))
        for _ in 0..<8 {
            value = (value ^ (bits & 0xFF)) &* 0x100_0000_01b3
            bits >>= 8
        }
    }
}
