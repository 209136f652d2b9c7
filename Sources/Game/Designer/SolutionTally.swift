/// What the panel says about solutions of the design: the figure must first have exactly as many
/// cells as the pieces have cubes; then it is counted in the background.
enum SolutionTally: Hashable, Sendable {
    /// Too few or too many cells to count.
    case notCounted
    /// The count for this generation of the design is running.
    case counting(generation: Int)
    case counted(Int)
    /// The solver cannot take the figure (a message from it).
    case impossible(String)

    /// The panel's line: "240 solutions", "1 solution", "no solution", "counting...".
    var summary: String? {
        switch self {
        case .notCounted: nil
        case .counting: "counting..."
        case .counted(0): "no solution"
        case .counted(1): "1 solution"
        case .counted(let n): "\(n) solutions"
        case .impossible: "cannot be solved"
        }
    }
}
