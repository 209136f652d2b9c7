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
            // An ASCII line (nearly all) is read by its bytes, which are its characters: walking
            // `Character`s cost a grapheme breaker per cell, a third of reading a small figure
            // (issue 37). Other lines take the general path below, to the same marks.
            if let ascii = try asciiMarks(line, layer: layer, row: row, into: &marks) {
                switch ascii {
                case .blank(let hadComment):
                    if !hadComment && inLayer { layer += 1; row = 0; inLayer = false }
                case .row:
                    inLayer = true
                    row += 1
                }
                continue
            }
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
        let lettered = zip(marks, cells).filter { Self.isPieceCharacter($0.0.character) }.map {
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

    /// True for the characters that name a piece (`3 l t z c p n`). A switch on the byte: a
    /// search of a string of them walked its characters, a grapheme breaker each (issue 37).
    static func isPieceCharacter(_ ch: Character) -> Bool {
        switch ch.asciiValue {
        case UInt8(ascii: "3"), UInt8(ascii: "l"), UInt8(ascii: "t"), UInt8(ascii: "z"), UInt8(ascii: "c"),
             UInt8(ascii: "p"), UInt8(ascii: "n"): true
        default: false
        }
    }

    /// What an ASCII line holds, for `read`.
    private enum AsciiLine {
        /// Nothing but spaces (and perhaps a comment).
        case blank(hadComment: Bool)
        /// A row of a slice; its marks were appended.
        case row
    }

    /// Reads an all-ASCII line by its bytes, appending its marks as `read` does by characters;
    /// nil for a line with other characters. Throws at a tab, as `read` does.
    private func asciiMarks(_ line: SourceLine, layer: Int, row: Int, into marks: inout [GridMark]) throws -> AsciiLine? {
        let result = try line.text.utf8.withContiguousStorageIfAvailable { bytes throws -> AsciiLine? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            var end = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            let hadComment = end < bytes.count
            if let tab = bytes[..<end].firstIndex(of: UInt8(ascii: "\t")) {
                throw FigureFileError(path: path, line: line.number, column: tab + 1,
                                      message: "a tab; expected `.` or spaces for empty places")
            }
            while end > 0 && bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
            guard end > 0 else { return .blank(hadComment: hadComment) }
            for x in 0..<end where bytes[x] != UInt8(ascii: ".") && bytes[x] != UInt8(ascii: " ") {
                marks.append(GridMark(layer: layer, row: row, column: x, character: Character(Unicode.Scalar(bytes[x])),
                                      line: line.number, fileColumn: x + 1))
            }
            return .row
        }
        return result ?? nil
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
