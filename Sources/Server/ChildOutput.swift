/// What a session does with the bytes its child writes, as a value: the game's notes to the
/// server taken out (`HostNoteFilter`), the rest shown to the player and the game's watchers,
/// the first bytes shown marked for the first-frame metric; a command's bytes counted against
/// its output limit. `GameSession` does what it answers; unit-tested in `ChildOutputTests`
/// without a process or a channel (issue 35 item 7).
struct ChildOutput {
    /// What one chunk of a game's output comes to.
    struct Game: Equatable {
        /// The bytes to show, nil when the chunk held only notes (or the start of one).
        var shown: [UInt8]?
        /// The notes found, in order.
        var notes: [String]
        /// True for the first bytes shown of this game.
        var isFirstFrame: Bool
    }

    /// A command's output may not pass this many bytes.
    let limit: Int
    private var notes = HostNoteFilter()
    /// Bytes a command has written so far.
    private(set) var written = 0
    private var firstShown = false

    init(limit: Int) {
        self.limit = limit
    }

    /// The next chunk of a game's output.
    mutating func game(_ bytes: [UInt8]) -> Game {
        let (output, found) = notes.feed(bytes)
        guard !output.isEmpty else { return Game(shown: nil, notes: found, isFirstFrame: false) }
        defer { firstShown = true }
        return Game(shown: output, notes: found, isFirstFrame: !firstShown)
    }

    /// The next `count` bytes of a command's output: false once they pass `limit`.
    mutating func command(_ count: Int) -> Bool {
        let (sum, overflow) = written.addingReportingOverflow(count)
        written = overflow ? Int.max : sum
        return written <= limit
    }
}
