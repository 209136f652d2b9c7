/// The scene node under a touch when it began (for the game: a piece), as an integer id.
///
/// Chosen over `AnyHashable` because it is `Sendable`, allocation free and comparable in tests; the
/// game owns the meaning of the numbers (for example a piece index).
public struct NodeID: Hashable, Sendable, CustomStringConvertible {
    public let raw: Int

    public init(_ raw: Int) {
        self.raw = raw
    }

    public var description: String { "node\(raw)" }
}
