/// Returned by `addAction`; pass it to `removeAction` to unsubscribe.
public struct ActionToken: Hashable, Sendable {
    let raw: Int
}
