import Scene

/// Which cells of a new frame differ from the frame already on screen. Only the look counts
/// (glyph and style); depth and hit ids are for hit testing and never reach the terminal.
enum CanvasDiff {
    /// Row-major indices into `new.cells` to redraw: every cell when there is no previous
    /// frame or its size differs.
    static func changedCells(from old: Canvas?, to new: Canvas) -> [Int] {
        guard let old, old.width == new.width, old.height == new.height else {
            return Array(new.cells.indices)
        }
        var changed: [Int] = []
        forEachChange(from: old, to: new) { changed.append($0) }
        return changed
    }

    /// Calls `body` with the row-major index of each cell of `new` that looks different from the
    /// same cell of `old`, a canvas of the same size: the frame encoder's walk, with no list made.
    @inline(__always)
    static func forEachChange(from old: Canvas, to new: Canvas, _ body: (Int) -> Void) {
        old.cells.withUnsafeBufferPointer { before in
            new.cells.withUnsafeBufferPointer { after in
                for i in after.indices where i < before.count && !looksAlike(before[i], after[i]) { body(i) }
            }
        }
    }

    /// Whether two cells look alike on the terminal: the same style and glyph, the glyphs
    /// compared by their bits before any `Character` is made (a `Character` made for each of two
    /// cells is a string's making, 150 instructions, at every cell of every frame).
    static func looksAlike(_ a: TerminalCell, _ b: TerminalCell) -> Bool {
        a.style == b.style && (a.cellGlyph == b.cellGlyph || a.glyph == b.glyph)
    }
}
