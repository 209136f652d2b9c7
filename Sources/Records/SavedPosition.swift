import Polycube

/// An unfinished figure: the poses of its pieces (in the game's piece order) and the moves so far.
public struct SavedPosition: Codable, Hashable, Sendable {
    public var poses: [SavedPose]
    public var moves: Int
    /// Seconds played so far (absent in files written before it was kept).
    public var seconds: Double?
    /// Hints taken in this attempt, and whether judging was on in it: the help that knows,
    /// kept with the position so that a game quit and resumed is recorded as it was played
    /// (`Solved.hints`, `Solved.wasHelped`). Absent when there was none, as in files written
    /// before they were kept.
    public var hints: Int?
    public var judged: Bool?

    public init(poses: [SavedPose], moves: Int, seconds: Double?, hints: Int? = nil, judged: Bool? = nil) {
        self.poses = poses
        self.moves = moves
        self.seconds = seconds
        self.hints = hints
        self.judged = judged
    }

    /// The placements of every pose, or nil when one does not describe a placement.
    public var placements: [Placement]? {
        let placements = poses.compactMap(\.placement)
        return placements.count == poses.count ? placements : nil
    }
}
