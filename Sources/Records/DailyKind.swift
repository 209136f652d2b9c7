/// Which daily puzzle: each kind has its records and its streak.
public enum DailyKind: String, Codable, Sendable, CaseIterable {
    /// The day's Soma figure (`soma daily`).
    case figure
    /// The day's pentomino puzzle (`soma daily pento`).
    case pento
}
