import Polycube

/// An unfinished figure: the poses of its pieces (in the game's piece order) and the moves so far.
public struct SavedPosition: Codable, Hashable, Sendable {
    public var poses: [SavedPose]
    public var moves: Int
    /// Seconds played so far (absent in files written before it was kept).
    public var seconds: Double?

    public init(poses: [SavedPose], moves: Int, seconds: Double?) {
        self.poses = poses
        self.moves = moves
        self.seconds = seconds
    }

    /// The placements of every pose, or nil when one does not describe a placement.
    public var placements: [Placement]? {
        let placements = poses.compactMap(\.placement)
        return placements.count == poses.count ? placements : nil
    }
}
