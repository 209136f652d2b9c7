/// How hard the solver worked on a figure: measured facts a difficulty grade can be made of
/// (`Generator.Grade`), independent of the machine and the clock.
///
/// Nodes are counted in the plain search over every raw solution (no symmetry breaking), in
/// the solver's fixed cell order, so the numbers are the same on every run and thread count.
public struct SearchEffort: Hashable, Sendable {
    /// Nodes expanded before the first solution was found.
    public var nodesToFirst: Int
    /// Nodes expanded by the whole search.
    public var nodes: Int
    /// The placements that cover the search's first cell: the choices of the first move.
    public var firstPlacements: Int
    /// Of those, how many can still be finished into a solution.
    public var liveFirstPlacements: Int

    public init(nodesToFirst: Int, nodes: Int, firstPlacements: Int, liveFirstPlacements: Int) {
        self.nodesToFirst = nodesToFirst
        self.nodes = nodes
        self.firstPlacements = firstPlacements
        self.liveFirstPlacements = liveFirstPlacements
    }
}
