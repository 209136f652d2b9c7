/// A figure the menu asks to be made rather than one it lists: the day's figure, or a new one of
/// a grade. The game cannot make figures (the generator is not one of its modules, and a search
/// of a few hundred milliseconds must not hold the keys); it asks the loop with
/// `GameEffect.makeFigure`, and the figure comes back as `ScreenAnswer.made`.
public enum FigureRequest: Hashable, Sendable {
    /// The daily figure of today (the same for every player).
    case today
    /// A new figure of this difficulty grade (1 to 5), from a seed the loop chooses.
    case new(grade: Int)

    /// The menu's line for it.
    public var title: String {
        switch self {
        case .today: "Today's figure"
        case .new(let grade): "A new figure, grade \(grade)"
        }
    }

    /// What the menu says beside it.
    var detail: String {
        switch self {
        case .today: "the same for every player today"
        case .new(let grade): grade == 1 ? "made now: easy" : grade == 5 ? "made now: hard" : "made now"
        }
    }

    /// The progress line while it is being made.
    var progressLine: String {
        switch self {
        case .today: "Making today's figure..."
        case .new(let grade): "Making a new figure of grade \(grade)..."
        }
    }

    /// The menu's section of figures to be made: today's and one per grade.
    public static let menuSection = "New figures"
    public static let all: [FigureRequest] = [.today] + (1...5).map { .new(grade: $0) }
}
