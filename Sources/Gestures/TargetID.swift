/// A target recognizers can be attached to (UIKit's view). The game attaches everything to `root`.
///
/// An integer id rather than a reference to a scene object, so that Gestures imports nothing; the
/// scene keeps the mapping from its nodes to ids.
public struct TargetID: Hashable, Sendable, CustomStringConvertible {
    public let raw: Int

    public init(_ raw: Int) {
        self.raw = raw
    }

    public static let root = TargetID(0)

    public var description: String { "target\(raw)" }
}
