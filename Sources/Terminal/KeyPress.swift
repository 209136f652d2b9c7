/// A key with the modifiers held while it was pressed. Terminals report no key releases.
public struct KeyPress: Hashable, Sendable {
    public var key: Key
    public var modifiers: KeyModifiers

    public init(_ key: Key, _ modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }
}
