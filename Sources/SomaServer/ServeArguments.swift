import ArgumentParser
import CommandOptions
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
