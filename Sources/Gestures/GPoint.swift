/// A point or vector in iso units: one unit is one column's width, and `y` grows down.
///
/// The gesture core measures every distance, speed and angle in these units so that a diagonal
/// drag on a terminal (whose rows are about twice as tall as its columns) is measured honestly.
/// It is the program's one type for screen points in iso units and lives here, in the module
/// that imports nothing, so that Terminal (touch synthesis) and Game (the directors) share it.
/// Scene does not use it: it draws in columns and rows, and `CellMetrics` converts.
public struct GPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = GPoint(x: 0, y: 0)

    /// Euclidean length, the distance from the origin.
    public var length: Double { (x * x + y * y).squareRoot() }

    public func distance(to other: GPoint) -> Double { (self - other).length }

    public func dot(_ other: GPoint) -> Double { x * other.x + y * other.y }

    /// The z component of the 3-D cross product: signed area spanned by the two vectors.
    public func cross(_ other: GPoint) -> Double { x * other.y - y * other.x }

    public static func + (a: GPoint, b: GPoint) -> GPoint { GPoint(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: GPoint, b: GPoint) -> GPoint { GPoint(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: GPoint, k: Double) -> GPoint { GPoint(x: a.x * k, y: a.y * k) }
    public static func / (a: GPoint, k: Double) -> GPoint { GPoint(x: a.x / k, y: a.y / k) }
    public static func += (a: inout GPoint, b: GPoint) { a = a + b }
    public static func -= (a: inout GPoint, b: GPoint) { a = a - b }

    public var description: String { "(\(x), \(y))" }
}
