/// The midend's note of a figure being made off the input path (`FigureRequest`): what the
/// progress line says, drawn only once the work has taken more than a frame (a figure made at
/// once would only flash it), and, after a failure, why no figure came.
struct FigureMaking: Hashable, Sendable {
    var request: FigureRequest
    var since: Double
    /// Set when the loop answered without a figure.
    var problem: String?

    /// A frame at 30 frames a second: work that takes longer is said.
    static let frame = 1.0 / 30

    /// How long a failure is said.
    static let problemSeconds = 4.0

    /// The bottom line at `now`, or nil while the work is younger than a frame.
    func line(now: Double) -> String? {
        if let problem { return now - since < Self.problemSeconds ? "No figure was made: \(problem)" : nil }
        return now - since >= Self.frame ? request.progressLine : nil
    }

    /// When the line should first be drawn: the host redraws then.
    var nextTick: Double { since + (problem == nil ? Self.frame : Self.problemSeconds) }
}
