/// A length of time given on the command line: `90` or `90s` seconds, `30m` minutes, `4h` hours.
public struct TimeSpan: Sendable, Equatable, CustomStringConvertible {
    public var seconds: Double

    public init(seconds: Double) {
        self.seconds = seconds
    }

    /// Reads a whole number with an optional unit (s, m, h); nil for anything else or zero.
    public init?(_ text: String) {
        guard let (value, unit) = UnitNumber.read(text, units: ["s": 1, "m": 60, "h": 3600]), value <= 1_000_000 else { return nil }
        self.init(seconds: Double(value * unit))
    }

    public var description: String {
        let whole = Int(seconds)
        if whole % 3600 == 0 { return "\(whole / 3600)h" }
        if whole % 60 == 0 { return "\(whole / 60)m" }
        return "\(whole)s"
    }
}
