/// Input bytes per second of one session, counted in whole-second windows: more than `limit` in
/// one window breaks the rule. Keys and mouse reports are a few hundred bytes a second at most;
/// a paste of a file or a flood is not play. Time is passed in.
struct InputMeter {
    let limit: Int
    private var windowStart = 0.0
    private var count = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts `bytes` received at `now`; false once the window holds more than the limit.
    mutating func admit(_ bytes: Int, now: Double) -> Bool {
        if now - windowStart >= 1 {
            windowStart = now
            count = 0
        }
        count += bytes
        return count <= limit
    }
}
