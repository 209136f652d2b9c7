/// What a screen says about itself to the midend, as Tatham's games answer `game_status` and
/// the status text: the name of what is played (where the figure menu puts its cursor, whose
/// hall of fame `t` opens, what a solve is recorded under), its keys (the help page, drawn by
/// the midend, with the common keys it offers), the smallest terminal it fits, whether it wants
/// every key or every pointer motion for now, and its status (`ScreenStatus`: fields, reminders,
/// the solve). The midend acts on them; the screen does none of the shared work.
public struct ScreenFacts: Hashable, Sendable {
    public var figureName: String
    /// The screen's keys as bound: its own lines and the common keys (`HelpPage.keys`), which
    /// the midend carries out.
    public var help: HelpPage
    public var minimumSize: Size
    /// True while the screen is in a state where any key means one thing (a pentomino solution
    /// being shown, which any key stops): the midend then hands it every key, the common ones too.
    public var takesEveryKey: Bool
    /// True while what the pointer holds follows it with no button held (the pentomino tile
    /// picked up by a click): the host then asks the terminal for every pointer motion and
    /// hands it to the director (`ScreenDirector.pointerMoved`).
    public var followsPointer: Bool
    /// The top and bottom lines' facts.
    public var status: ScreenStatus

    /// The smallest terminal a screen fits.
    public struct Size: Hashable, Sendable {
        public var width: Int
        public var height: Int
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The smallest terminal a game screen is drawn in unless it says otherwise.
    public static let standardMinimumSize = Size(width: 60, height: 20)

    public init(figureName: String, help: HelpPage, minimumSize: Size = standardMinimumSize,
                takesEveryKey: Bool = false, followsPointer: Bool = false, status: ScreenStatus) {
        self.figureName = figureName
        self.help = help
        self.minimumSize = minimumSize
        self.takesEveryKey = takesEveryKey
        self.followsPointer = followsPointer
        self.status = status
    }

    /// The common commands' keys on this screen, as bound.
    public var commonKeys: CommonKeys { help.keys }
}
