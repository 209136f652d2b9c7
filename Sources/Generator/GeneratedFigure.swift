import Polycube
import Solver

/// One figure the generator made, with the facts measured on it: what `soma generate` prints.
public struct GeneratedFigure: Sendable {
    /// The figure, named by its id.
    public let figure: Figure
    public let id: FigureID
    public let count: SolutionCount
    public let effort: SearchEffort
    public let grade: Grade
    /// The seed and the figure's number in the run (from 0): the same pair makes the same figure.
    public let seed: UInt64
    public let index: Int
    /// Candidates tried before this one was kept, this one included.
    public let attempts: Int
    /// The pieces in the order the generator put them down: a solution that builds by
    /// `Buildability`'s rule, each piece's cells.
    public let pieces: [[Cell]]

    /// The figure file, in the native format, its facts in the opening comments: what `soma
    /// play FILE` and `soma solve FILE` read. The same request and seed give the same bytes.
    public var fileText: String {
        let solutions = count.distinct == 1 ? "1 distinct solution" : "\(count.distinct) distinct solutions"
        var text = "; A Soma figure made by `soma generate` (generator \(FigureGenerator.version), seed \(seed), figure \(index + 1)).\n"
        text += "; id \(id); grade \(grade.value) of 5; \(solutions), \(count.raw) raw.\n"
        text += "; Search effort: \(effort.nodesToFirst) nodes to the first solution, \(effort.nodes) in all; "
        text += "\(effort.liveFirstPlacements) of \(effort.firstPlacements) first placements lead to a solution.\n"
        return text + FigureWriter.native(figure)
    }
}
