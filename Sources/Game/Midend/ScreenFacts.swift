/// What a screen says about itself to the midend: the name of what is played (where the figure
/// menu puts its cursor, whose hall of fame `t` opens), what the menu calls its entries, the help
/// page (`?`, drawn by the midend from the screen's key table), the smallest terminal it fits,
/// the common keys it offers (`CommonKeys`) and whether it wants every key for now.
public struct ScreenFacts: Hashable, Sendable {
    public var figureName: String
    public var menuTitle: String
    public var help: HelpPage
    public var minimumWidth: Int
    public var minimumHeight: Int
    /// The common commands' keys on this screen, as bound: the midend carries them out.
    public var commonKeys: CommonKeys
    /// True while the screen is in a state where any key means one thing (the Soma game's
    /// solved moment, which any key skips; a pentomino solution being shown, which any key
    /// stops): the midend then hands it every key, the common ones too.
    public var takesEveryKey: Bool

    public init(figureName: String, menuTitle: String = "Figures", help: HelpPage,
                minimumWidth: Int = 60, minimumHeight: Int = 20, commonKeys: CommonKeys, takesEveryKey: Bool = false) {
        self.figureName = figureName
        self.menuTitle = menuTitle
        self.help = help
        self.minimumWidth = minimumWidth
        self.minimumHeight = minimumHeight
        self.commonKeys = commonKeys
        self.takesEveryKey = takesEveryKey
    }
}
