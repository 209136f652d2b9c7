/// How far the search of one job of a `SearchPartition` got: what it counted, and where it
/// stands when it is not done. This is all a checkpoint holds, so a search stopped at any
/// moment resumes from its last report instead of starting over.
public struct JobProgress: Hashable, Sendable {
    /// The job's index in the partition.
    public var job: Int
    /// Distinct and raw solutions counted so far.
    public var distinct: Int
    public var raw: Int
    /// Nil when the job is done; otherwise the options (placement numbers of this build of the
    /// solver) placed below the job's prefix at the node the search was about to expand: every
    /// solution before that node in the search's order is counted above, none after it.
    public var resumeAt: [Int]?

    public init(job: Int, distinct: Int, raw: Int, resumeAt: [Int]?) {
        self.job = job
        self.distinct = distinct
        self.raw = raw
        self.resumeAt = resumeAt
    }

    public var isDone: Bool { resumeAt == nil }
}

/// What a shard's search found: its partial counts, and each of its jobs' final progress (what
/// a checkpoint written at the end holds).
public struct ShardCount: Hashable, Sendable {
    public var count: SolutionCount
    public var jobs: [JobProgress]
}
