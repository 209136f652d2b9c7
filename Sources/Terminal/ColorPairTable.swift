/// The colour pairs handed out so far. ncurses draws a cell with a numbered (foreground,
/// background) pair; rather than reserving all 65,536 combinations up front, pairs are numbered
/// as the picture first needs them.
struct ColorPairTable: Sendable {
    struct Colors: Hashable, Sendable {
        var foreground: Int
        var background: Int
    }

    /// Highest pair number the terminal allows (ncurses' COLOR_PAIRS - 1).
    let capacity: Int
    private var numbers: [Colors: Int] = [:]
    /// The pair last answered: neighbouring cells mostly share their colours, and a look-up in
    /// `numbers` hashes (most of a first frame's 3,000 look-ups, issue 35).
    private var last: (colors: Colors, number: Int)?

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The pair for the two colours and whether it was just allocated (so must be initialised
    /// with `init_pair`). Pair 0 is the terminal default pair; it is also the fallback when the
    /// table is full.
    mutating func pair(foreground: Int, background: Int) -> (number: Int, isNew: Bool) {
        let colors = Colors(foreground: foreground, background: background)
        if foreground == -1 && background == -1 { return (0, false) }
        if let last, last.colors == colors { return (last.number, false) }
        if let n = numbers[colors] {
            last = (colors, n)
            return (n, false)
        }
        guard numbers.count < capacity else { return (0, false) }
        let n = numbers.count + 1
        numbers[colors] = n
        last = (colors, n)
        return (n, true)
    }

    /// Forget every pair (after the screen was re-initialised).
    mutating func reset() {
        numbers = [:]
        last = nil
    }
}
