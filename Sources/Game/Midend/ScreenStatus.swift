/// What a screen says on its top and bottom lines, as facts (Tatham's status bar text and
/// `game_status`): the midend lays them out (`StatusLayout`), adds the clock, the solve's news
/// and the solved moment, and keeps the clock and records the solve from `play`.
public struct ScreenStatus: Hashable, Sendable {
    /// The top line's fields, most needed first, the figure's name first ("cube", "4/7 in
    /// place", "moves 3"); the midend puts the clock after them, then `afterClock`.
    public var fields: [String]
    /// Fields after the clock (the help the player asked for: `judging on`, `hints 2`).
    public var afterClock: [String] = []
    /// Where the piece in hand is among the fits it cycles through (`fit 3 of 22`), while it has
    /// any: said on the bottom line before what the last command said.
    public var fit: String?
    /// The play as the game answers it (`PlayState`: begun, completed, moves, help), from which
    /// the midend runs its clock and records the solve; nil for a screen that keeps no time.
    public var play: PlayState?
    /// True while the figure stands solved now: the solve's news replaces the top line's fields.
    public var showsSolve = false
    /// True when the solver, not the player, completed the figure: said, never recorded.
    public var solvedBySolver = false
    /// How the news names the next figure (Enter opens it): "figure", "board".
    public var noun = "figure"
    /// How many pieces the solved moment lights in turn.
    public var pieces = 0
    /// The bottom line's wordings, fullest first: the layout takes the first whose `needs` fits
    /// the width, else the last, its reminders giving way from the least needed.
    public var bottom: [BottomLine]

    public init(fields: [String], bottom: [BottomLine]) {
        self.fields = fields
        self.bottom = bottom
    }
}

/// One wording of the bottom line: the position sentence (bold), then what the last command
/// said (in its colour) or, when it said nothing, the reminders.
public struct BottomLine: Hashable, Sendable {
    /// Where the thing in hand is ("V  resting on L"), read first.
    var lead: String?
    /// The answer to the last command (a refusal in red, a note in cyan).
    var message: StatusMessage?
    /// The keys that act now, the action first, built from the key table (`Reminder`).
    var reminders: [Reminder]
    /// The columns this wording needs to be chosen over the next (nil: it always is).
    var needs: Int?
    /// The line as ranked items (`BottomItem`), in the order they are drawn: when set, the
    /// layout fits them to the width itself (`StatusLayout.fitted(_:width:)`), and `lead`,
    /// `message` and `reminders` are not used.
    var items: [BottomItem]?

    init(lead: String? = nil, message: StatusMessage? = nil, reminders: [Reminder] = [], needs: Int? = nil) {
        self.lead = lead
        self.message = message
        self.reminders = reminders
        self.needs = needs
    }

    /// A line of ranked items, drawn in this order (the action first), fitted to the width.
    init(items: [BottomItem]) {
        self.init()
        self.items = items
    }
}

/// One thing a ranked bottom line says (issue 38: the key that acts is always on screen): a key
/// reminder, the position sentence, the answer to the last command. Each has its wordings,
/// fullest first, and a rank (`BottomRank`) for each: what it costs to lose that wording for the
/// next shorter one, or for nothing after the last. While the line does not fit, the item whose
/// wording costs least takes its next shorter one, or gives way. So the action key stays, the
/// turn and move keys next, and the position sentence shortens before a key goes; a wording can
/// rank below another item's (the move keys' full `arrows PgUp PgDn` gives way to `arrows`
/// before the position sentence shrinks to a letter).
public struct BottomItem: Hashable, Sendable {
    /// How an item is drawn: reminders dim, the position bold, a note or a refusal in colour.
    enum Look: Hashable, Sendable { case keys, position, note, refusal }

    var wordings: [String]
    /// The rank of each wording, as many as `wordings`.
    var ranks: [Int]
    var look: Look

    /// The item's rank: that of its shortest wording, what it costs to lose it altogether.
    var rank: Int { ranks.last ?? 0 }

    init(_ wordings: [String], rank: Int, look: Look = .keys) {
        self.init(wordings, ranks: Array(repeating: rank, count: max(1, wordings.count)), look: look)
    }

    /// Wordings each with its own rank (`ranks`: one per wording; missing ones take the last).
    init(_ wordings: [String], ranks: [Int], look: Look = .keys) {
        self.wordings = wordings.isEmpty ? [""] : wordings
        let given = ranks.isEmpty ? [0] : ranks
        self.ranks = self.wordings.indices.map { given[min($0, given.count - 1)] }
        self.look = look
    }

    /// A key reminder (`Space: put`), one wording per given reminder, fullest first.
    init(_ reminders: [Reminder], rank: Int) {
        self.init(reminders.map(\.line), rank: rank)
    }

    /// A key reminder whose wordings rank apart (`ranks`, one per reminder).
    init(_ reminders: [Reminder], ranks: [Int]) {
        self.init(reminders.map(\.line), ranks: ranks)
    }

    /// The answer to the last command, in its colour.
    init(_ message: StatusMessage, rank: Int = BottomRank.message) {
        self.init([message.message], rank: rank, look: message.isRefusal ? .refusal : .note)
    }
}

/// The ranks of a bottom line's items, the most needed highest: what gives way last.
public enum BottomRank {
    /// The key that acts now (`Space: put`, `Tab or 1-7: select a piece`).
    public static let action = 100
    /// What the last command said (a refusal, a note): the answer to what the player just did.
    public static let message = 90
    /// The keys that turn the piece in hand.
    public static let turns = 80
    /// The keys that move it.
    public static let moves = 75
    /// The move keys' full wording (`arrows PgUp PgDn: move`), which gives way to the short
    /// one (`arrows: move`) before the position sentence shrinks below its short form.
    public static let allMoveKeys = 57
    /// Which fit the ghost shows (`fit 3 of 22`): next after the action and the last answer.
    public static let fit = 85
    /// Where the piece in hand is (the position sentence): it shortens before it goes; its
    /// short form (`L  layer 1, behind, right`) ranks `shortPosition`, above the turn and move
    /// keys (the help names those; the letter alone says nothing of where the piece is).
    public static let position = 56
    public static let shortPosition = 82
    /// An answer's full wording where it has a short one (`Dead end` for the whole sentence):
    /// it gives way to the short one before the move keys go.
    public static let fullMessage = 74
    /// Plain mode's sentence (`V at layer 1, ...; 0 of 7 placed`): what a screen reader reads,
    /// so it stays whole and even the action key gives way to it on a narrow screen.
    public static let plainSentence = 110
    /// Everything else (the hint key, a goal, a gesture).
    public static let more = 20
}

/// A key reminder on the bottom line, `Space: drop`: the keys named from the screen's key table
/// as bound (`KeyTable.reminder`), never written out by hand; a reminder with no keys is a
/// sentence (a hint, a goal) or a gesture ("drag a tile").
public struct Reminder: Hashable, Sendable {
    var keys: String
    var text: String
    /// How long it stays when the line is short: the lowest gives way first (then the last).
    var priority: Int

    init(keys: String = "", _ text: String, priority: Int = 0) {
        self.keys = keys
        self.text = text
        self.priority = priority
    }

    var line: String { keys.isEmpty ? text : "\(keys): \(text)" }
}

extension KeyTable {
    /// `keys: text` for `actions` as bound (`keyNames`: `arrows` for the four arrows).
    func reminder(_ actions: [Action], _ text: String, priority: Int = 0) -> Reminder {
        Reminder(keys: keyNames(actions), text, priority: priority)
    }

    /// `key: text` for one action as bound.
    func reminder(_ action: Action, _ text: String, priority: Int = 0) -> Reminder {
        Reminder(keys: keyName(for: action), text, priority: priority)
    }
}

extension CommonKeys {
    /// `key: text` for a common command as bound (nil when the screen does not offer it).
    func reminder(_ command: CommonCommand, _ text: String, priority: Int = 0) -> Reminder? {
        let name = keyName(for: command)
        return name.isEmpty ? nil : Reminder(keys: name, text, priority: priority)
    }
}
