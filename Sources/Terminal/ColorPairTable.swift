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
    /// The pairs of palette colours (-1, the terminal's own, to 255), by foreground + 1 then
    /// background + 1; 0 where none is numbered yet. A row is made when its foreground is first
    /// drawn: a look-up is two indexings, where a dictionary hashed every cell of every frame and
    /// its first use cost a search of the run time's conformance records (issue 35, start-up).
    private var rows: [[Int32]] = []
    /// Pairs of colours outside the palette (none are drawn today), numbered in the same series.
    private var others: [Colors: Int] = [:]
    /// How many pairs are numbered.
    private var count = 0
    /// The pair last answered: neighbouring cells mostly share their colours.
    private var last: (colors: Colors, number: Int)?

    /// Indices of a palette colour in `rows`: -1 ... 255, shifted by one.
    private static let paletteSlots = 257

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
        let row = foreground + 1, column = background + 1
        guard (0..<Self.paletteSlots).contains(row), (0..<Self.paletteSlots).contains(column) else {
            return other(colors)
        }
        if rows.isEmpty { rows = Array(repeating: [], count: Self.paletteSlots) }
        if rows[row].isEmpty { rows[row] = Array(repeating: 0, count: Self.paletteSlots) }
        let known = Int(rows[row][column])
        if known != 0 {
            last = (colors, known)
            return (known, false)
        }
        guard count < capacity else { return (0, false) }
        count += 1
        rows[row][column] = Int32(truncatingIfNeeded: count)
        last = (colors, count)
        return (count, true)
    }

    private mutating func other(_ colors: Colors) -> (number: Int, isNew: Bool) {
        if let n = others[colors] {
            last = (colors, n)
            return (n, false)
        }
        guard count < capacity else { return (0, false) }
        count += 1
        others[colors] = count
        last = (colors, count)
        return (count, true)
    }

    /// Forget every pair (after the screen was re-initialised).
    mutating func reset() {
        rows = []
        others = [:]
        count = 0
        last = nil
    }
}
