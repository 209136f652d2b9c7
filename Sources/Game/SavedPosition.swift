/// An unfinished figure: the poses of its pieces (in the game's piece order) and the moves so far.
struct SavedPosition: Codable, Hashable, Sendable {
    var poses: [SavedPose]
    var moves: Int
    /// Seconds played so far (absent in files written before it was kept).
    var seconds: Double?
}
