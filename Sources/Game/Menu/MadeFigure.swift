import Polycube

/// The loop's answer to `GameEffect.makeFigure`: the figure made, or why none was.
public struct MadeFigure: Hashable, Sendable {
    public let request: FigureRequest
    public let figure: Figure?
    /// Why no figure came (shown on the bottom line).
    public let problem: String?

    public init(request: FigureRequest, figure: Figure) {
        self.request = request
        self.figure = figure
        problem = nil
    }

    public init(request: FigureRequest, problem: String) {
        self.request = request
        figure = nil
        self.problem = problem
    }
}
