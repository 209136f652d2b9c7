/// Identifies one touch from its `began` to its `ended` or `cancelled`. The front end allocates them;
/// an id may be reused once its touch has ended.
public struct TouchID: Hashable, Sendable, CustomStringConvertible {
    public let raw: UInt64

    public init(_ raw: UInt64) {
        self.raw = raw
    }

    public var description: String { "#\(raw)" }
}
