import ArgumentParser

/// A whole number given on the command line, within the bounds its kind sets (`NumberBounds`),
/// as swift-argument-parser's `ExpressibleByArgument` reads it: a command holds a checked value
/// and checks nothing by hand after parsing. A word that is no number, or one out of bounds, is
/// answered by the parser ("The value '0' is invalid for '--limit <n>'", then the option's help
/// line, which says what it takes), with exit status 2 as every usage mistake of `soma`.
public struct WholeNumber<Bounds: NumberBounds>: Hashable, Sendable, ExpressibleByArgument, CustomStringConvertible {
    public let value: Int

    /// Nil when `value` is out of `Bounds.range`.
    public init?(_ value: Int) {
        guard Bounds.range.contains(value) else { return nil }
        self.value = value
    }

    /// `value` brought into `Bounds.range` (an option's default, written in range).
    public init(clamping value: Int) {
        self.value = min(max(value, Bounds.range.lowerBound), Bounds.range.upperBound)
    }

    public init?(argument: String) {
        guard let value = Int(argument) else { return nil }
        self.init(value)
    }

    public var description: String { "\(value)" }
}

/// The bounds of one kind of `WholeNumber`: a type, so that the option's type says them.
public protocol NumberBounds: Sendable {
    static var range: ClosedRange<Int> { get }
}

/// A count of at least one, with no upper bound of its own (`--limit`, `--threads` of `soma
/// solve`, which keeps to the cores the process may use).
public enum AtLeastOne: NumberBounds {
    public static var range: ClosedRange<Int> { 1...Int.max }
}
