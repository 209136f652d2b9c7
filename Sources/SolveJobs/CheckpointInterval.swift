import ArgumentParser

/// `--checkpoint-interval`: the seconds between two checkpoints, above 0 and at most a week.
/// Bounded because `Duration.seconds(1e16)` traps (issue 36), and a checkpoint a week apart is
/// already one a preempted machine never writes; "nan" and "inf" are no number of seconds.
public struct CheckpointInterval: Hashable, Sendable, ExpressibleByArgument, CustomStringConvertible {
    public let seconds: Double

    /// The longest interval taken: a week, in seconds.
    public static let maximumSeconds = 604_800.0
    /// Without the option.
    public static let standard = CheckpointInterval(checked: 5)

    private init(checked seconds: Double) { self.seconds = seconds }

    /// Nil unless `seconds` is above 0 and at most `maximumSeconds` (never NaN).
    public init?(seconds: Double) {
        guard seconds > 0, seconds <= Self.maximumSeconds else { return nil }
        self.init(checked: seconds)
    }

    public init?(argument: String) {
        guard let seconds = Double(argument) else { return nil }
        self.init(seconds: seconds)
    }

    public var description: String { "\(seconds)" }
}
