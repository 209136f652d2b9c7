import Records

/// Scores as the tables show them (the game's clock format; `HallOfFame` itself is a record in
/// `Records`).
extension HallOfFame {
    /// A time as the tables show it: `m:ss.t` (or `h:mm:ss.t`), tenths cut, not rounded, as the
    /// game's clock cuts seconds; tenths because two players a fraction apart are ranked apart.
    public static func time(_ seconds: Double) -> String {
        let tenths = Int((max(0, seconds) * 10 + 1e-6).rounded(.down))
        return Panels.clock(Double(tenths / 10)) + ".\(tenths % 10)"
    }

    /// A moves count as the tables show it.
    public static func moves(_ count: Double) -> String { String(Int(count)) }
}
