/// One line of a help overlay (and of the README's tables): the keys or gesture, and what it does.
public struct HelpLine: Hashable, Sendable {
    public var keys: String
    public var text: String

    public init(_ keys: String, _ text: String) {
        self.keys = keys
        self.text = text
    }
}
