import Polycube

/// A question for the solver, as a value: "with these pieces fixed where they are, how many ways
/// are there to finish, and what is one of them?". The game only builds the request; the terminal
/// loop runs it off the input path (a solver search can take a while on large figures), so asking
/// for a hint never freezes the keyboard or the mouse.
public struct HintRequest: Hashable, Sendable {
    /// The cells still to fill, in scan order.
    public var openCells: [Cell]
    /// The pieces still to place.
    public var pieces: [Piece]
    /// The isometries the pieces may be placed in.
    public var orientationGroup: [Isometry]
    /// The pieces already inside the figure, as the game saw them when it asked; the answer is
    /// thrown away if they have changed by the time it arrives.
    public var fixed: [Placement]
    /// Stop counting at this many completions: "more than 1000" is all a player needs to know.
    public var limit: Int

    public init(openCells: [Cell], pieces: [Piece], orientationGroup: [Isometry], fixed: [Placement], limit: Int) {
        self.openCells = openCells
        self.pieces = pieces
        self.orientationGroup = orientationGroup
        self.fixed = fixed
        self.limit = limit
    }

    public static func == (a: HintRequest, b: HintRequest) -> Bool {
        a.openCells == b.openCells && a.pieces == b.pieces && a.orientationGroup == b.orientationGroup
            && a.fixed == b.fixed && a.limit == b.limit
    }

    public func hash(into h: inout Hasher) {
        h.combine(openCells); h.combine(pieces); h.combine(fixed); h.combine(limit)
    }
}

/// The solver's answer to a `HintRequest`.
public struct HintResult: Hashable, Sendable {
    /// The request this answers (so a stale answer can be recognised).
    public var fixed: [Placement]
    /// Completions found, at most the request's limit; 0 means the position is a dead end.
    public var completions: Int
    /// True when counting stopped at the limit (there may be more).
    public var reachedLimit: Bool
    /// One placement from one completion: the piece to place next, shown as a ghost.
    public var suggestion: Placement?

    public init(fixed: [Placement], completions: Int, reachedLimit: Bool, suggestion: Placement?) {
        self.fixed = fixed
        self.completions = completions
        self.reachedLimit = reachedLimit
        self.suggestion = suggestion
    }

    /// What the status line says about it.
    public var message: String {
        switch completions {
        case 0: return "Hint: dead end - no solution with the pieces placed so far"
        case 1: return "Hint: exactly 1 solution remains"
        default: return "Hint: \(reachedLimit ? "at least \(completions)" : "\(completions)") solutions remain"
        }
    }
}
