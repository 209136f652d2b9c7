import Records

/// Scores as the tables show them (the game's clock format; `HallOfFame` itself is a record in
/// `Records`).
extension HallOfFame {
    /// A time as the tables show it: `m:ss.t` (or `h:mm:ss.t`), tenths cut, not rounded, as the
    /// game's clock cuts seconds; tenths because two players a fraction apart are ranked apart.
    /// A time no play takes (100 hours or more, or not a number: a forged answer) reads `-`.
    public static func time(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 360_000 else { return "-" }
        let tenths = Int((max(0, seconds) * 10 + 1e-6).rounded(.down))
        return Panels.clock(Double(tenths / 10)) + ".\(tenths % 10)"
    }

    /// A moves count as the tables show it; a count no play makes (a billion or more, below
    /// zero, not a number: a forged answer) reads `-` rather than trapping in `Int(_:)`.
    public static func moves(_ count: Double) -> String {
        guard count.isFinite, count >= 0, count < 1e9 else { return "-" }
        return String(Int(count))
    }
}
