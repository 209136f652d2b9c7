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
        for i in new.cells.indices {
            let a = old.cells[i], b = new.cells[i]
            if a.glyph != b.glyph || a.style != b.style { changed.append(i) }
        }
        return changed
    }
}
