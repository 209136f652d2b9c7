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
    /// True when `completions` counts distinct solutions as `soma solve` does (one per symmetry
    /// class; nothing placed yet); else it counts the ways to finish the pieces placed.
    var distinct = false

    /// How many completions are left, saying which measure: `240 distinct solutions` (as
    /// `soma solve` counts, nothing placed yet), `8 solutions, turns counted apart` (nothing
    /// placed on a large figure: raw), `12 ways to finish`, `exactly 1 way to finish`.
    public var remaining: String {
        let many = reachedLimit ? "at least \(completions)" : "\(completions)"
        if distinct { return completions == 1 ? "1 distinct solution" : "\(many) distinct solutions" }
        if fixed.isEmpty { return completions == 1 ? "exactly 1 solution" : "\(many) solutions, turns counted apart" }
        return completions == 1 ? "exactly 1 way to finish" : "\(many) ways to finish"
    }

    /// What the status line says about it.
    var message: String {
        if let problem { return "No hint: \(problem)" }
        switch completions {
        case 0: return "Hint: dead end - no solution with the pieces placed so far"
        default: return "Hint: \(remaining)"
        }
    }
}
