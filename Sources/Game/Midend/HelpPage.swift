/// The help overlay of a screen: its title, its own lines in key-table order, then the section
/// of the common keys (`CommonKeys`), every key as bound.
public struct HelpPage: Hashable, Sendable {
    public var title: String
    /// The screen's own keys and gestures.
    public var lines: [HelpLine]
    /// The common keys (help, quit, undo...), drawn last in a section of their own.
    public var common: [HelpLine]

    public init(title: String, lines: [HelpLine], common: [HelpLine] = []) {
        self.title = title
        self.lines = lines
        self.common = common
    }

    /// Every line: the screen's own, then the common ones.
    public var all: [HelpLine] { lines + common }
}
