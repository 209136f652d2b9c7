/// What a caller injects into a long search: a way to stop it and a way to hear how far it got.
///
/// The solver has no clock and no terminal of its own, so the game (which must not freeze) and
/// the command line (which draws a progress line) decide what to do with these. Both closures
/// may be called from the solver's worker threads.
public struct SearchControl: Sendable {
    /// Polled every few thousand search nodes; returning true ends the search with
    /// `SearchCancelled`.
    public var isCancelled: @Sendable () -> Bool
    /// Called with the fraction of the search done, from 0 to 1, each time a job finishes.
    public var progress: @Sendable (Double) -> Void

    /// For the searches that keep track of their jobs (`Solver.count(shard:of:)`): called every
    /// few thousand nodes with a way to take a snapshot of every job's progress. A caller that
    /// saves checkpoints takes one when its clock says so; the solver itself has no clock.
    public var checkpoint: (@Sendable (_ snapshot: () -> [JobProgress]) -> Void)?

    public init(isCancelled: @escaping @Sendable () -> Bool = { false },
                progress: @escaping @Sendable (Double) -> Void = { _ in },
                checkpoint: (@Sendable (_ snapshot: () -> [JobProgress]) -> Void)? = nil) {
        self.isCancelled = isCancelled
        self.progress = progress
        self.checkpoint = checkpoint
    }
}

/// Thrown when `SearchControl.isCancelled` ended a search before it was done.
public struct SearchCancelled: Error, Equatable, Sendable {
    public init() {}
}
