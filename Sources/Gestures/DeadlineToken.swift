/// Returned by `GestureManager.schedule(at:_:)`; pass it to `cancel(_:)`.
public struct DeadlineToken: Hashable, Sendable {
    let raw: UInt64
}
