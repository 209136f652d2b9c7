import Polycube
import Solver

/// `soma merge --verify K`: the shards' own word is checked against a search made here. The mac
/// (`ShardReport`) proves a line was written by a machine holding the search's key, not that
/// the machine counted honestly or without a fault: this re-counts K jobs chosen at random,
/// spread over the shards (each shard's jobs shuffled, the shards taken in turn in a random
/// order, so with K at least the number of shards every shard has one job checked), and any
/// difference refuses the merge. A shard that lied about a fraction f of its jobs escapes one
/// check with chance 1 - f.
public enum ShardVerification {
    /// Why the shards cannot be trusted, or nil when every job re-counted agrees. `solver` is
    /// the figure the shards searched; `reports` are a complete, checked set of one partition.
    public static func verify(_ reports: [ShardReport], solver: Solver, jobs count: Int, threads: Int,
                       random: inout some RandomNumberGenerator) -> String? {
        guard let first = reports.first else { return nil }
        let partition = solver.partition(into: first.shard.count)
        guard partition.fingerprintText == first.partition else {
            return "the figure given searches as partition \(partition.fingerprintText), the shards as \(first.partition): "
                + "not the figure they searched"
        }
        for report in reports {
            let own = partition.jobs(inShard: report.shard.number - 1)
            guard report.jobs.map(\.job).sorted() == own.sorted() else {
                return "shard \(report.shard.description) lists jobs that are not its own"
            }
        }
        var queues = reports.shuffled(using: &random).map { report in (report, report.jobs.shuffled(using: &random)) }
        var picked: [(report: ShardReport, job: JobProgress)] = []
        while picked.count < count, queues.contains(where: { !$0.1.isEmpty }) {
            for index in queues.indices where picked.count < count {
                if let job = queues[index].1.popLast() { picked.append((queues[index].0, job)) }
            }
        }
        for (report, job) in picked {
            // The shard's other jobs given as done with the counts it claims: only this one is searched.
            let others = report.jobs.filter { $0.job != job.job }
            guard let counted = try? solver.count(shard: report.shard.number - 1, of: partition, threads: threads, resuming: others),
                  let found = counted.jobs.first(where: { $0.job == job.job }) else {
                return "job \(job.job) of shard \(report.shard.description) could not be re-counted"
            }
            if found.distinct != job.distinct || found.raw != job.raw {
                return "job \(job.job) of shard \(report.shard.description) counts \(found.distinct) distinct and \(found.raw) raw "
                    + "solutions here; the shard says \(job.distinct) and \(job.raw)"
            }
        }
        return nil
    }
}
