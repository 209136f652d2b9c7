extension FigureWriter {
    /// yass's letters for the Soma pieces, as `YassFigureReader` reads them back. yass has one
    /// letter per screw (`p`, `n`) but which is which depends on how a drawing is read; the
    /// reader tells A from B by shape, so either letter round-trips.
    static let yassLetters: [Character: Character] = ["V": "3", "L": "l", "T": "t", "Z": "z", "P": "c", "A": "p", "B": "n"]

    /// The figure as a yass `.soma` file (see `FigureFormat.yass`), so a figure designed here
    /// can be taken to yass and the community's tools: a `#` comment with the name, then the
    /// slices top first, separated by empty lines, each drawn over the whole bounding box as
    /// seen from above (back row first), `o` a cell, `.` empty, a yass letter a pre-placed Soma
    /// piece. yass only knows the Soma pieces: pre-placed pieces of other sets are written as
    /// plain cells.
    ///
    /// Reading the text back gives the same cells, stood on their broadest base as the reader
    /// does for every yass file.
    public static func yass(_ figure: Figure) -> String {
        var out = "# \(figure.name)\n"
        guard !figure.cells.isEmpty else { return out }
        let box = Bounds(figure.cells)
        let lo = box.lo, hi = box.hi
        var mark: [Cell: Character] = [:]
        for c in figure.cells { mark[c] = "o" }
        if figure.pieceSet.name == PieceSet.soma.name {
            for piece in figure.preplaced {
                guard let letter = yassLetters[piece.letter] else { continue }
                for c in piece.cells { mark[c] = letter }
            }
        }
        for z in stride(from: hi.z, through: lo.z, by: -1) {
            if z != hi.z { out += "\n" }
            for y in stride(from: hi.y, through: lo.y, by: -1) {
                out += String((lo.x...hi.x).map { mark[Cell($0, y, z)] ?? "." }) + "\n"
            }
        }
        return out
    }
}
