/// A clock that moves only when told to, so that tests run instantly and identically.
public final class ManualClock: GestureClock {
    public private(set) var now: GestureTime

    public init(_ start: GestureTime = .zero) {
        now = start
    }

    public func advance(ms: Int64) { now = now + .ms(ms) }

    public func set(_ t: GestureTime) { now = t }
}
