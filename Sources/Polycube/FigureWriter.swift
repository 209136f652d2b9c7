/// Writes figures as text.
public enum FigureWriter {
    /// The figure in the native format (see `FigureFormat`): a `name:` line, a `pieces:` line
    /// unless the set is the Soma set, then the layers bottom first, each drawn over the
    /// figure's whole bounding box so that columns line up across layers. Reading the text back
    /// gives the same figure, moved so that its smallest x, y and z are 0.
    public static func native(_ figure: Figure) -> String {
        var out = "name: \(figure.name)\n"
        if figure.pieceSet.name != PieceSet.soma.name { out += "pieces: \(figure.pieceSet.name)\n" }
        guard !figure.cells.isEmpty else { return out }
        let box = Bounds(figure.cells)
        let lo = box.lo, hi = box.hi
        var mark: [Cell: Character] = [:]
        for c in figure.cells { mark[c] = "#" }
        for piece in figure.preplaced { for c in piece.cells { mark[c] = piece.letter } }
        for z in lo.z...hi.z {
            out += "\n"
            for y in stride(from: hi.y, through: lo.y, by: -1) {
                out += String((lo.x...hi.x).map { mark[Cell($0, y, z)] ?? "." }) + "\n"
            }
        }
        return out
    }
}
