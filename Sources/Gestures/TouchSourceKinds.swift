/// A set of touch sources, the model of UIKit's `allowedTouchTypes`.
///
/// An option set rather than `Set<TouchSource>`: membership is tested for every new touch and every
/// candidate recognizer, and a bit test allocates nothing.
public struct TouchSourceKinds: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let mouseLeft = TouchSourceKinds(rawValue: 1 << 0)
    public static let mouseMiddle = TouchSourceKinds(rawValue: 1 << 1)
    public static let mouseRight = TouchSourceKinds(rawValue: 1 << 2)
    public static let keyboard = TouchSourceKinds(rawValue: 1 << 3)
    public static let synthetic = TouchSourceKinds(rawValue: 1 << 4)
    public static let all: TouchSourceKinds = [.mouseLeft, .mouseMiddle, .mouseRight, .keyboard, .synthetic]
}
