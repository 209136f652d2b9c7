/// Reads the `.soma` figure files of yass (see `FigureFormat.yass`).
///
/// yass names the Soma pieces `3 l t z c p n` (three, ell, tee, zee, corner and the two screws):
/// the first five are V L T Z P. Which screw is "positive" depends on how a drawing's axes are
/// read, so a pre-placed `p` or `n` is identified by its shape as A or B.
struct YassFigureReader {
    var path: String

    static let letters: [Character: Character] = ["3": "V", "l": "L", "t": "T", "z": "Z", "c": "P"]

    func read(_ text: String) throws -> Figure {
        var marks: [GridMark] = []
        var layer = 0, row = 0, inLayer = false
        let lines = SourceLine.lines(of: text)
        for line in lines {
            let (content, hadComment) = line.strippingComment("#")
            if let tab = content.firstIndex(of: "\t") {
                throw FigureFileError(path: path, line: line.number, column: line.column(of: tab),
                                      message: "a tab; expected `.` or spaces for empty places")
            }
            let body = SourceLine.trimmingTrailing(content)
            if body.isEmpty {
                if !hadComment && inLayer { layer += 1; row = 0; inLayer = false }
                continue
            }
            inLayer = true
            for (x, ch) in body.enumerated() where ch != "." && ch != " " {
                marks.append(GridMark(layer: layer, row: row, column: x, character: ch,
                                      line: line.number, fileColumn: x + 1))
            }
            row += 1
        }
        guard !marks.isEmpty else {
            throw FigureFileError(path: path, line: max(lines.count, 1), column: 1,
                                  message: "no cells: expected slices of rows of `o`, `*` and `.`")
        }
        let layerCount = marks.map(\.layer).max()! + 1
        let cells = marks.map { $0.cell(layerCount: layerCount, topFirst: true) }
        let pieceCharacters = Set("3ltzcpn")
        let lettered = zip(marks, cells).filter { pieceCharacters.contains($0.0.character) }.map {
            PreplacedPieces.Mark(character: $0.0.character, cell: $0.1, line: $0.0.line, column: $0.0.fileColumn)
        }
        let groups = try PreplacedPieces.group(lettered, pieceSet: .soma, path: path, identify: Self.identify)
        let normal = normalising(cells, groups)
        return Figure(name: FigureReader.defaultName(for: path), cells: normal.cells,
                      pieceSet: .soma, preplaced: normal.groups)
    }

    static func identify(_ ch: Character, _ shape: Shape) -> Result<Character, PreplacedPieces.Message> {
        let candidates: [Character] = ch == "p" || ch == "n" ? ["A", "B"] : [letters[ch]!]
        for letter in candidates {
            if PreplacedPieces.matches(shape, PieceSet.soma.piece(letter)!, .soma) { return .success(letter) }
        }
        let size = ch == "3" ? 3 : 4
        return .failure(PreplacedPieces.Message(shape.count != size
            ? "pre-placed piece `\(ch)` covers \(shape.count) cells; expected \(size)"
            : "pre-placed piece `\(ch)` is not drawn in the shape of that Soma piece"))
    }
}
