import ArgumentParser
import CommandOptions
import Logging
import Server
import SharedStore

// The server's option values read by the argument parser through their own strict readers, so
// `ServeCommand` holds typed values and checks nothing by hand. A value a reader refuses is
// answered by the parser: "The value 'soon' is invalid for '--idle-timeout <time>'", then the
// option's help line, which says what it takes (exit status 2, as for every usage mistake).
// The defaults are shown in `--help` as they would be typed (their `description`).

extension ListenAddress: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension TimeSpan: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension ByteCount: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension LogFormat: ExpressibleByArgument {}

extension Logger.Level: @retroactive ExpressibleByArgument {}

extension ProxySources: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension DatabaseAddress: ExpressibleByArgument {
    /// Without `$PGPASSWORD`, which `ServeCommand.run` adds where the address has no password.
    public init?(argument: String) { self.init(argument) }
}

/// The bounds of the server's counts (`WholeNumber`): sessions, logins and commands at once.
enum UpToTenThousand: NumberBounds { static var range: ClosedRange<Int> { 1...10_000 } }
/// New connections one address may open in a minute.
enum UpToHundredThousand: NumberBounds { static var range: ClosedRange<Int> { 1...100_000 } }
/// Input bytes a second: up to 16 MiB.
enum InputRate: NumberBounds { static var range: ClosedRange<Int> { 1...(1 << 24) } }

/// `--playing-window`: a time (`TimeSpan`'s reader) from 3 s to 1 h, so the command holds a
/// checked value and checks nothing by hand, as with the counts: players are marked for this
/// long, and the server says who plays three times as often.
struct PlayingWindow: Sendable, Equatable, ExpressibleByArgument, CustomStringConvertible {
    static let range: ClosedRange<Double> = 3...3600
    let span: TimeSpan

    /// Nil when `span` is outside `range`.
    init?(_ span: TimeSpan) {
        guard Self.range.contains(span.seconds) else { return nil }
        self.span = span
    }

    /// `span` brought into `range` (the default, written in range).
    init(clamping span: TimeSpan) {
        self.span = TimeSpan(seconds: min(max(span.seconds, Self.range.lowerBound), Self.range.upperBound))
    }

    init?(argument: String) {
        guard let span = TimeSpan(argument) else { return nil }
        self.init(span)
    }

    var seconds: Double { span.seconds }
    var description: String { span.description }
}
