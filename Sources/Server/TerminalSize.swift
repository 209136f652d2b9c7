/// A session's terminal size in characters, as `pty-req` and `window-change` give it, kept
/// within what a terminal can be: 0 means "not given" (RFC 4254 then gives pixels, which a
/// game cannot use) and keeps the size it had; anything larger than `maximum` is cut down,
/// because the game draws a canvas of that many cells (10000x10000 would be 100 million).
struct TerminalSize: Equatable, Sendable {
    var columns: Int
    var rows: Int

    static let standard = TerminalSize(columns: 80, rows: 24)
    static let maximum = TerminalSize(columns: 500, rows: 200)

    /// The size a request asks for, applied to `self`.
    func changed(columns requestedColumns: Int, rows requestedRows: Int) -> TerminalSize {
        func clamp(_ value: Int, keeping current: Int, most: Int) -> Int {
            value <= 0 ? current : min(value, most)
        }
        return TerminalSize(columns: clamp(requestedColumns, keeping: columns, most: Self.maximum.columns),
                            rows: clamp(requestedRows, keeping: rows, most: Self.maximum.rows))
    }
}
