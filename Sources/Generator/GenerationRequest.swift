/// What `soma generate` is asked for: a number of distinct solutions, a grade, or both; nil
/// leaves either free.
public struct GenerationRequest: Hashable, Sendable {
    /// Exactly this many distinct solutions (1: a unique figure).
    public var solutions: Int?
    /// This difficulty grade, 1 to 5 (`Grade`).
    public var grade: Int?
    /// Candidates tried before giving up: a request no figure meets (200 solutions and grade 5)
    /// ends with a message instead of running forever.
    public var maxAttempts: Int

    public init(solutions: Int? = nil, grade: Int? = nil, maxAttempts: Int = 20_000) {
        self.solutions = solutions
        self.grade = grade
        self.maxAttempts = maxAttempts
    }
}
