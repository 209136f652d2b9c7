/// The two numbers the literature gives for a figure.
///
/// *Distinct* counts solutions up to the symmetries of the figure (mirrors included when the
/// piece set is mirror-closed, as Soma's is by swapping A and B); *raw* counts every solution of
/// the fixed cell set. The Soma cube has 240 distinct and 11520 raw solutions.
public struct SolutionCount: Hashable, Sendable, CustomStringConvertible {
    public var distinct: Int
    public var raw: Int

    public init(distinct: Int, raw: Int) {
        self.distinct = distinct
        self.raw = raw
    }

    public var description: String { "\(distinct) distinct, \(raw) raw" }
}

/// Which solutions to list.
public enum SolutionKind: String, Sendable, CaseIterable {
    /// One solution per class of symmetric solutions.
    case distinct
    /// Every solution of the fixed cell set.
    case raw
}
