import Polycube

/// A question for the solver, as a value: "with these pieces fixed where they are, how many ways
/// are there to finish, and what is one of them?". The game only builds the request; the terminal
/// loop runs it off the input path (a solver search can take a while on large figures), so asking
/// for a hint never freezes the keyboard or the mouse.
public struct HintRequest: Hashable, Sendable {
    /// The figure being played (with any pre-placed pieces).
    public internal(set) var figure: Figure
    /// The pieces wholly inside the figure, as the game saw them when it asked; the answer is
    /// thrown away if they have changed by the time it arrives.
    var fixed: [Placement]
    /// The piece to suggest a place for, if it is still to be placed (the selected one);
    /// otherwise the answer suggests the first piece still to place, in legend order.
    var preferred: [Character]
    /// Stop counting at this many completions: "at least 1000" is all a player needs to know.
    var limit: Int
    /// Where everything lies, when only a placement the player can put in now is a good hint
    /// (pieces steered a step at a time); nil when any placement will do (the assist puts a
    /// piece on a fit directly; pentominoes lie flat).
    var scene: HintScene?

    init(figure: Figure, fixed: [Placement], preferred: [Character], limit: Int, scene: HintScene? = nil) {
        self.figure = figure
        self.fixed = fixed
        self.preferred = preferred
        self.limit = limit
        self.scene = scene
    }
}
