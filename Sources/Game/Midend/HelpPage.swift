/// The help overlay of a screen: its title and its lines, in key-table order, as bound.
public struct HelpPage: Hashable, Sendable {
    public var title: String
    public var lines: [HelpLine]

    public init(title: String, lines: [HelpLine]) {
        self.title = title
        self.lines = lines
    }
}
