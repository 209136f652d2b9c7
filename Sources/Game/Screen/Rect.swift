/// A rectangle of terminal cells: where each part of the screen (picture, legend, status line,
/// overlays) is drawn.
struct Rect: Hashable, Sendable {
    var column: Int
    var row: Int
    var width: Int
    var height: Int

    var isEmpty: Bool { width <= 0 || height <= 0 }

    func contains(column c: Int, row r: Int) -> Bool {
        c >= column && c < column + width && r >= row && r < row + height
    }

    /// A `width` x `height` rectangle centred in this one (clipped to it).
    func centred(width w: Int, height h: Int) -> Rect {
        let w = min(w, width), h = min(h, height)
        return Rect(column: column + (width - w) / 2, row: row + (height - h) / 2, width: w, height: h)
    }
}
