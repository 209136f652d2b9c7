/// The help overlay of a screen: its title, its own lines in key-table order, then the section
/// of the common keys (`CommonKeys`), every key as bound.
public struct HelpPage: Hashable, Sendable {
    public var title: String
    /// The screen's own keys and gestures.
    public var lines: [HelpLine]
    /// The common keys (help, quit, undo...) the screen offers, as bound: the midend carries
    /// them out, and the help draws them last in a section of their own.
    public var keys: CommonKeys

    public init(title: String, lines: [HelpLine], keys: CommonKeys) {
        self.title = title
        self.lines = lines
        self.keys = keys
    }

    /// The common keys' lines.
    public var common: [HelpLine] { keys.help }

    /// Every line: the screen's own, then the common ones.
    public var all: [HelpLine] { lines + common }
}
