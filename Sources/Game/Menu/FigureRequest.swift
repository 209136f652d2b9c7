/// A figure the menu asks to be made rather than one it lists: the day's figure, a new one of
/// a grade, or the day's pentomino puzzle. The game cannot make figures (the generator is not
/// one of its modules, and a search of a few hundred milliseconds must not hold the keys); it
/// asks the loop with `GameEffect.makeFigure`, and the figure comes back as `ScreenAnswer.made`.
public enum FigureRequest: Hashable, Sendable {
    /// The daily figure of today (the same for every player).
    case today
    /// A new figure of this difficulty grade (1 to 5), from a seed the loop chooses.
    case new(grade: Int)
    /// The daily pentomino puzzle of `day` (YYYY-MM-DD, UTC): the board menu's "Today's
    /// puzzle". The day is the executable's (`SOMA_TODAY` or the clock), passed in when it
    /// builds the menu, so the puzzle made is the one the entry says, with no clock read here.
    case todaysPuzzle(day: String)

    /// Everything the menu says of it, written once per kind of request, side by side: its
    /// line, what it says beside it, and the progress line while it is being made.
    private var words: (title: String, detail: String, progressLine: String) {
        switch self {
        case .today:
            ("Today's figure", "the same for every player today", "Making today's figure...")
        case .new(let grade):
            ("A new figure, grade \(grade)",
             grade == 1 ? "made now: easy" : grade == 5 ? "made now: hard" : "made now",
             "Making a new figure of grade \(grade)...")
        case .todaysPuzzle(let day):
            ("Today's puzzle", "\(day), the same for every player", "Making today's puzzle...")
        }
    }

    /// The menu's line for it.
    public var title: String { words.title }

    /// What the menu says beside it.
    var detail: String { words.detail }

    /// What the menu says beside it, given the player's `note` on the figure it makes (solved,
    /// in progress; see `FigureMenu.Entry.keptAs`): today's puzzle says it after its date.
    func detail(with note: String?) -> String {
        guard let note else { return detail }
        if case .todaysPuzzle(let day) = self { return "\(day): \(note)" }
        return detail + "  " + note
    }

    /// The progress line while it is being made.
    var progressLine: String { words.progressLine }

    /// The heading it is listed under in the menu.
    var section: String {
        switch self {
        case .today, .new: Self.menuSection
        case .todaysPuzzle: "Daily puzzle"
        }
    }

    /// The menu's section of figures to be made: today's and one per grade.
    public static let menuSection = "New figures"
    public static let all: [FigureRequest] = [.today] + (1...5).map { .new(grade: $0) }
}
