/// What a screen says on its top and bottom lines, as facts (Tatham's status bar text and
/// `game_status`): the midend lays them out (`StatusLayout`), adds the clock, the solve's news
/// and the solved moment, and records the solve the first time `solve` appears.
public struct ScreenStatus: Hashable, Sendable {
    /// The top line's fields, most needed first, the figure's name first ("cube", "4/7 in
    /// place", "moves 3"); the midend puts the clock after them, then `afterClock`.
    public var fields: [String]
    /// Fields after the clock (the help the player asked for: `judging on`, `hints 2`).
    public var afterClock: [String] = []
    /// Where the piece in hand is among the fits it cycles through (`fit 3 of 22`), while it has
    /// any: said on the bottom line before what the last command said.
    public var fit: String?
    /// The attempt's solve once the figure was completed (kept until a new attempt): the midend
    /// records it the moment it appears. Nil while unsolved, or when the solver showed it.
    public var solve: Solved?
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

    init(lead: String? = nil, message: StatusMessage? = nil, reminders: [Reminder] = [], needs: Int? = nil) {
        self.lead = lead
        self.message = message
        self.reminders = reminders
        self.needs = needs
    }
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
