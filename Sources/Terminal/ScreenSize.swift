/// A terminal size in cells.
public struct ScreenSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// True when both dimensions are at least those of `other`.
    public func fits(_ other: ScreenSize) -> Bool { width >= other.width && height >= other.height }

    public var description: String { "\(width)x\(height)" }
}
