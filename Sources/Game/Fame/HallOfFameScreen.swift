import Scene

/// The hall of fame of one figure as a screen (`t` in the figure menu): the ten best times and
/// the ten fewest moves side by side, the player's own places highlighted (below the ten when
/// lower), the players in a game now marked (under `soma serve`), and the player's display name, chosen here once with `n` in a one-line prompt.
///
/// Each assist (`Assist`) is ranked apart: a solve placed by fit is not one steered step by
/// step. The screen shows one assist's tables at a time, opening on the assist the game is
/// played with; Tab and the left and right arrows show the others, named in a line of tabs
/// with how many players each has.
///
/// A value like the menu: keys go in, what the host must do comes out (close, or store a name),
/// and the host hands the store's answer back with `named`. The host reads the tables; this
/// draws them.
public struct HallOfFameScreen: Hashable, Sendable {
    /// The figure's name (the key of its records).
    public let figure: String
    /// Each assist's tables, or why they could not be read.
    public private(set) var tablesByAssist: [Assist: Result<HallOfFame, Failure>]
    /// The assist whose tables are shown.
    public private(set) var shown: Assist
    /// The tables shown now.
    public var tables: Result<HallOfFame, Failure> {
        tablesByAssist[shown] ?? .success(HallOfFame(figure: figure, assist: shown))
    }
    /// The player's display name; nil while they have none.
    public private(set) var ownName: String?
    /// A guest (`soma serve` without a key): solves are not kept and there is no name to choose.
    public let isGuest: Bool
    /// The name being typed while the prompt is open.
    public private(set) var prompt: String?
    private var message: StatusMessage?
    /// True until the host's read arrives (`received`): the tables are not drawn yet.
    public private(set) var isReading = false

    /// Why the tables could not be read, in words.
    public struct Failure: Error, Hashable, Sendable {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    public enum Outcome: Hashable, Sendable {
        /// Back to the menu.
        case close
        /// Store this name for the player and answer with `named`.
        case choose(String)
    }

    /// `tables`: each assist's; `shown`: the one to open on (the game's own); `prompting`: open
    /// with the name prompt (`n` in the menu).
    public init(figure: String, tables: [Assist: Result<HallOfFame, Failure>], shown: Assist = .solvable,
                ownName: String?, isGuest: Bool, prompting: Bool = false) {
        self.figure = figure
        self.tablesByAssist = tables
        self.shown = shown
        self.ownName = ownName
        self.isGuest = isGuest
        if prompting { _ = openPrompt() }
    }

    /// The screen of `figure` while the host reads it (`GameEffect.readFame`).
    public init(reading figure: String, shown: Assist = .solvable, isGuest: Bool, prompting: Bool = false) {
        self.init(figure: figure, tables: [:], shown: shown, ownName: nil, isGuest: isGuest, prompting: prompting)
        isReading = true
    }

    /// The host's read arrived: the tables, and the player's name (a prompt opened meanwhile
    /// closes when the player has a name already).
    public mutating func received(_ tables: [Assist: Result<HallOfFame, Failure>], ownName: String?) {
        tablesByAssist = tables
        isReading = false
        self.ownName = ownName
        if let ownName, prompt != nil {
            prompt = nil
            message = .problem("Your name is \(ownName): it is chosen once and stays")
        }
    }

    public mutating func handle(_ key: GameKey) -> Outcome? {
        if prompt != nil { return handlePrompt(key) }
        switch Self.keys.action(for: key) {
        case .close: return .close
        case .name: return openPrompt()
        case .assist(let step): show(by: step)
        case nil: break
        }
        return nil
    }

    /// The hall of fame's keys (its lines name them from here).
    enum Action: Hashable, Sendable {
        case close, name
        /// The next (1) or the previous (-1) assist's tables.
        case assist(Int)
    }

    static let keys = KeyTable<Action>([
        .keys("Tab/S-Tab", [(.tab, .assist(1)), (.backTab, .assist(-1)), (.right, .assist(1)), (.character("a"), .assist(1)),
                            (.left, .assist(-1))], "other assists"),
        .keys("n", [.character("n")], .name, "choose your name"),
        .keys("Esc", [.escape, .character("q"), .character("t"), .character("m")], .close, "back"),
    ])

    /// Shows the next (or the previous) assist's tables, round.
    private mutating func show(by step: Int) {
        let all = Assist.allCases
        let next = ((shown.rank + step) % all.count + all.count) % all.count
        shown = all[next]
        message = nil
    }

    /// The store's answer to `.choose`, with the tables read again (the name now shows in them).
    public mutating func named(_ choice: NameChoice, tables: [Assist: Result<HallOfFame, Failure>]) {
        switch choice {
        case .accepted(let name):
            ownName = name
            prompt = nil
            message = .note("You are \(name) in every hall of fame from now on")
        case .refused(let reason):
            message = .problem(reason)
        }
        self.tablesByAssist = tables
        isReading = false
    }

    private mutating func openPrompt() -> Outcome? {
        if isGuest {
            message = .problem("Guests have no name: connect with an SSH key to choose one")
        } else if let ownName {
            message = .problem("Your name is \(ownName): it is chosen once and stays")
        } else {
            prompt = ""
            message = nil
        }
        return nil
    }

    private mutating func handlePrompt(_ key: GameKey) -> Outcome? {
        guard let text = prompt else { return nil }
        switch FieldKey.table.action(for: key).map(GameKey.field) ?? key {
        case .character(let c):
            if !DisplayName.isAllowed(c) {
                message = .problem("A name may hold letters a-z, digits, spaces, - _ and .")
            } else if text.count >= DisplayName.maximumLength {
                message = .problem("A name has at most \(DisplayName.maximumLength) characters")
            } else {
                prompt = text + String(c)
                message = nil
            }
        case .backspace, .delete:
            prompt = String(text.dropLast())
            message = nil
        case .escape:
            prompt = nil
            message = nil
        case .enter:
            if let problem = DisplayName.problem(text) {
                message = .problem(problem)
            } else {
                return .choose(DisplayName.normalized(text))
            }
        default:
            break
        }
        return nil
    }

    // MARK: Drawing

    /// The widest a table column gets (rank, name, score).
    static let columnWidth = 38

    public func view(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        // `n` is offered only while there is a name to choose.
        let canName = ownName == nil && !isGuest
        let back = Self.keys.reminder(.close, "back").line, name = Self.keys.reminder(.name, "your name").line
        Panels.statusLine(["Hall of fame: \(figure)"], trailing: canName ? name + "  " + back : back,
                          width: width, row: 0, into: &canvas)
        drawTabs(into: &canvas)
        switch tables {
        case _ where isReading:
            canvas.put(" Reading the hall of fame...", column: 0, row: 2, style: Panels.dimStyle)
        case .failure(let failure):
            canvas.put(" The hall of fame cannot be read: \(failure.reason)", column: 0, row: 2, style: Panels.refusalStyle)
        case .success(let fame):
            let column = min(Self.columnWidth, max(20, (width - 2) / 2))
            draw(fame.byTime, title: "Best times", score: HallOfFame.time, column: 1, width: column, into: &canvas)
            draw(fame.byMoves, title: "Fewest moves", score: HallOfFame.moves, column: 1 + column + 1, width: column,
                 into: &canvas)
        }
        let identity = 4 + HallOfFame.places + 1
        if identity < height - 2, !isReading {
            canvas.put(" " + identityLine, column: 0, row: identity, style: Panels.frameStyle)
        }
        if showsPlayingNow, identity + 1 < height - 2 {
            canvas.put(" " + Self.playingMark, column: 0, row: identity + 1, style: Self.playingStyle)
            canvas.put(" playing now", column: 2, row: identity + 1, style: .plain)
        }
        if let prompt {
            let line = " Your name (chosen once): " + prompt
            canvas.put(line, column: 0, row: height - 2, style: Panels.frameStyle)
            canvas.put("_", column: line.count, row: height - 2, style: TextStyle(bold: true, reverse: true))
        }
        let others = [Self.keys.reminder(.assist(1), "other assists"), Self.keys.reminder(.close, "back")]
            + (canName ? [Self.keys.reminder(.name, "choose your name")] : [])
        let help = prompt != nil ? [FieldKey.table.reminder(.done, "keep this name"), FieldKey.table.reminder(.cancel, "cancel"),
                                    Reminder("letters, digits, space, - _ .")].map(\.line).joined(separator: "   ")
                                 : others.map(\.line).joined(separator: "   ")
        Panels.feedback(message, fallback: help, width: width, row: height - 1, into: &canvas)
        return canvas
    }

    /// The assists in a row of tabs, the shown one reversed, each with how many players solved
    /// the figure with it: `Assist:  off: 1 player  fits: nobody  [ solvable: 2 players ]`, in
    /// the order Tab goes through them.
    private func drawTabs(into canvas: inout Canvas) {
        canvas.put(" Assist:", column: 0, row: 1, style: Panels.frameStyle)
        var column = 9
        for assist in Assist.allCases {
            let players = (try? tablesByAssist[assist]?.get())?.players ?? 0
            let text = " \(assist.rawValue): " + (players == 0 ? "nobody" : Panels.count(players, "player")) + " "
            canvas.put(text, column: column, row: 1,
                       style: assist == shown ? TextStyle(bold: true, reverse: true) : Panels.dimStyle)
            column += text.count + 1
        }
    }

    /// The mark beside a player who is in a game now (`Standing.isPlayingNow`), in the column
    /// where the player's own place has `>`, explained by a line below the tables. ASCII, so it
    /// reads the same in the fallback; the player's own place is not marked (they know).
    static let playingMark = "*"
    static let playingStyle = TextStyle(foreground: .index(10), bold: true)

    /// Whether any other player in the tables shown is playing now (the legend is drawn then).
    var showsPlayingNow: Bool {
        guard case .success(let fame) = tables else { return false }
        return (fame.byTime + fame.byMoves).contains { $0.isPlayingNow && !$0.isOwn }
    }

    /// Who the player is shown as, and what they can do about it.
    var identityLine: String {
        if isGuest { return "You play as a guest: your solves are not kept here." }
        if let ownName { return "You are \(ownName)." }
        return "You have no name yet and show as \(DisplayName.anonymous): n chooses one."
    }

    /// One table: its title, then a line per place; the player's own line reversed, a player
    /// playing now marked (`playingMark`).
    private func draw(_ standings: [HallOfFame.Standing], title: String, score: (Double) -> String,
                      column: Int, width: Int, into canvas: inout Canvas) {
        canvas.put(title, column: column + 1, row: 2, style: TextStyle(bold: true, underline: true))
        guard !standings.isEmpty else {
            canvas.put("nobody has solved it yet", column: column + 1, row: 3, style: Panels.dimStyle)
            return
        }
        // marker, rank "10.", space, name, space, score (9 wide)
        let nameWidth = max(4, min(DisplayName.maximumLength, width - 1 - 3 - 1 - 1 - 9))
        for (k, standing) in standings.prefix(HallOfFame.places + 1).enumerated() {
            let rank = String(standing.rank) + "."
            let name = Self.fitted(standing.shownName, to: nameWidth)
            let value = score(standing.score)
            let marked = standing.isPlayingNow && !standing.isOwn
            let line = (standing.isOwn ? ">" : marked ? Self.playingMark : " ") + String(repeating: " ", count: max(0, 3 - rank.count)) + rank + " "
                + name.padded(to: nameWidth) + " " + String(repeating: " ", count: max(0, 9 - value.count)) + value
            let style = standing.isOwn ? TextStyle(bold: true, reverse: true)
                                       : standing.name == nil ? Panels.dimStyle : .plain
            // The player's own place below the ten stands apart by a blank line.
            let row = 3 + (k < HallOfFame.places ? k : HallOfFame.places + 1)
            canvas.put(line, column: column, row: row, style: style)
            if marked { canvas.put(Self.playingMark, column: column, row: row, style: Self.playingStyle) }
        }
    }

    /// `text` cut to `width` characters, the cut marked.
    static func fitted(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "~"
    }
}
