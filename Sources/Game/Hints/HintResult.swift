import Polycube

/// The solver's answer to a `HintRequest`.
public struct HintResult: Hashable, Sendable {
    /// The request this answers (so a stale answer can be recognised).
    var fixed: [Placement]
    /// Completions found, at most the request's limit; 0 means the position is a dead end.
    var completions: Int
    /// True when counting stopped at the limit (there may be more).
    var reachedLimit: Bool
    /// One placement from one completion: the piece to place next, shown as a ghost.
    var suggestion: Placement?
    /// Why the solver could not answer (the figure cannot be filled by its pieces, say).
    var problem: String?

    init(fixed: [Placement], completions: Int, reachedLimit: Bool, suggestion: Placement?, problem: String? = nil) {
        self.fixed = fixed
        self.completions = completions
        self.reachedLimit = reachedLimit
        self.suggestion = suggestion
        self.problem = problem
    }

    /// How many completions are left, as the status line says it: `1 solution remains`.
    public var remaining: String {
        switch completions {
        case 1: "exactly 1 solution remains"
        default: "\(reachedLimit ? "at least \(completions)" : "\(completions)") solutions remain"
        }
    }

    /// What the status line says about it.
    var message: String {
        if let problem { return "No hint: \(problem)" }
        switch completions {
        case 0: return "Hint: dead end - no solution with the pieces placed so far"
        case 1: return "Hint: exactly 1 solution remains"
        default: return "Hint: \(reachedLimit ? "at least \(completions)" : "\(completions)") solutions remain"
        }
    }
}
