/// A monotonic instant, in nanoseconds from an arbitrary origin chosen by the clock.
///
/// The difference of two instants is also expressed as a `GestureTime` (a duration). Integers keep
/// comparisons exact, which the deadline rules (T2: `<` for input, `≤` for tick) depend on.
public struct GestureTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    public static func ms(_ value: Int64) -> GestureTime { GestureTime(nanoseconds: value * 1_000_000) }

    public static let zero = GestureTime(nanoseconds: 0)

    public var seconds: Double { Double(nanoseconds) / 1e9 }
    public var milliseconds: Double { Double(nanoseconds) / 1e6 }

    public static func < (a: GestureTime, b: GestureTime) -> Bool { a.nanoseconds < b.nanoseconds }
    public static func + (a: GestureTime, b: GestureTime) -> GestureTime {
        GestureTime(nanoseconds: a.nanoseconds + b.nanoseconds)
    }
    public static func - (a: GestureTime, b: GestureTime) -> GestureTime {
        GestureTime(nanoseconds: a.nanoseconds - b.nanoseconds)
    }

    /// Whole milliseconds when exact, for logs: `380`, otherwise `380.5`.
    public var description: String {
        nanoseconds % 1_000_000 == 0 ? "\(nanoseconds / 1_000_000)" : "\(milliseconds)"
    }
}
