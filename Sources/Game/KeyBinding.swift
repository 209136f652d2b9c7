/// One line of a help overlay: the keys and what they do. The key maps list their bindings this
/// way so that the `?` overlay, the README table and the code cannot drift apart.
public struct KeyBinding: Hashable, Sendable {
    public var keys: String
    public var action: String

    public init(_ keys: String, _ action: String) {
        self.keys = keys
        self.action = action
    }
}
