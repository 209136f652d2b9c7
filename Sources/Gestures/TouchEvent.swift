/// The event that accompanies touch callbacks: its timestamp, the touches it changed, and every
/// touch alive during it (including those ending in it).
public struct TouchEvent: Sendable {
    public let timestamp: GestureTime
    public let changed: [Touch]
    public let all: [Touch]
}
