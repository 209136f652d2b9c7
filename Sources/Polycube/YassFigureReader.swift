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
        // A letter drawn as whole pieces places them; a letter that does not (single cells, or
        // cells apart, as in yass's own `misshapen_preplace.soma`) marks its cells as belonging
        // to that piece, which the solver takes as a constraint.
        var groups: [(letter: Character, cells: [Cell])] = []
        var marked: [(letter: Character, cells: [Cell])] = []
        var characters: [Character] = []
        for mark in lettered where !characters.contains(mark.character) { characters.append(mark.character) }
        for ch in characters {
            let mine = lettered.filter { $0.character == ch }
            if let placed = try? PreplacedPieces.group(mine, pieceSet: .soma, path: path, identify: Self.identify) {
                groups += placed
            } else {
                let letter = Self.markLetters[ch]!
                marked += mine.map { (letter, [$0.cell]) }
            }
        }
        let normal = normalising(cells, groups + marked)
        let placed = Array(normal.groups.prefix(groups.count))
        let markedCells = normal.groups.dropFirst(groups.count).map { ($0.cells[0], $0.letter) }
        var figure = Figure(name: FigureReader.defaultName(for: path), cells: normal.cells, pieceSet: .soma,
                            preplaced: placed.sorted { a, b in
                                a.letter != b.letter ? a.letter < b.letter : a.cells.lexicographicallyPrecedes(b.cells)
                            })
        figure.markedCells = Dictionary(markedCells, uniquingKeysWith: { a, _ in a })
        return figure
    }

    /// The piece a marked cell belongs to. A whole screw is told A or B by its shape; a mere
    /// mark cannot be, so it takes the letter `FigureWriter.yass` writes for each.
    static let markLetters: [Character: Character] = letters.merging(["p": "A", "n": "B"]) { a, _ in a }

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
