/// What a screen says about itself to the midend: the name of what is played (where the figure
/// menu puts its cursor, whose hall of fame `t` opens), what the menu calls its entries, the help
/// page (`?`, drawn by the midend from the screen's key table) and the smallest terminal it fits.
public struct ScreenFacts: Hashable, Sendable {
    public var figureName: String
    public var menuTitle: String
    public var help: HelpPage
    public var minimumWidth: Int
    public var minimumHeight: Int

    public init(figureName: String, menuTitle: String = "Figures", help: HelpPage,
                minimumWidth: Int = 60, minimumHeight: Int = 20) {
        self.figureName = figureName
        self.menuTitle = menuTitle
        self.help = help
        self.minimumWidth = minimumWidth
        self.minimumHeight = minimumHeight
    }
}
