/// What the designer asks of the terminal loop: the things a value cannot do itself.
public enum DesignerEffect: Hashable, Sendable {
    case quit
    /// The design changed: write the autosave now, so a dropped connection loses nothing.
    case autosave
    /// Count the solutions in the background and hand the result back with
    /// `DesignerSession.apply(_:)`; a newer request supersedes (and may cancel) this one.
    case countSolutions(SolutionCountRequest)
    /// Write a figure file and report with `DesignerSession.fileWritten(_:)`.
    case write(DesignFile)
}
