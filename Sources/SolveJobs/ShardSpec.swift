import ArgumentParser

/// `--shard K/N`: part K of N, K counted from 1 as GNU parallel's `{#}` and a Slurm array
/// `--array=1-N` count (a Kubernetes completion index counts from 0: add 1).
public struct ShardSpec: Hashable, Sendable, CustomStringConvertible {
    /// 1 ... `count`.
    public var number: Int
    public var count: Int

    init(number: Int, count: Int) {
        self.number = number
        self.count = count
    }

    /// Nil when `text` is not `K/N` with 1 <= K <= N.
    init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= Self.maximumCount,
              k >= 1, k <= n else { return nil }
        self.init(number: k, count: n)
    }

    /// More shards than this would make the partition itself a long computation.
    public static let maximumCount = 100_000

    public var description: String { "\(number)/\(count)" }
}

/// Read by the argument parser: a value that is not `K/N` with 1 <= K <= N <= 100000 is
/// answered by it, with the option's help line saying what it takes.
extension ShardSpec: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}
