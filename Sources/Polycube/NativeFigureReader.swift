/// Reads soma's own figure format (see `FigureFormat.native` for the grammar).
struct NativeFigureReader {
    var path: String
    /// Resolves the value of a `pieces:` line; nil when no such set exists.
    var pieceSet: (String) throws -> PieceSet?

    func read(_ text: String) throws -> Figure {
        let lines = SourceLine.lines(of: text)
        var name: String?
        // The set a `pieces:` line names; the Soma pieces when none does, looked up only then:
        // making the Soma set is a fifth of reading a pentomino board (issue 37).
        var stated: PieceSet?
        var sawPieces = false
        var sawGrid = false
        var marks: [GridMark] = []
        var layer = 0, row = 0, inLayer = false
        // The box of the cells seen so far, so that a figure too large to show is refused at the
        // first cell beyond the limit instead of after reading a million of them.
        var columns = (lo: Int.max, hi: Int.min), rows = (lo: Int.max, hi: Int.min)

        for line in lines {
            let (content, hadComment) = line.strippingComment(";")
            let body = SourceLine.trimmingTrailing(content)
            func fail(_ column: Int, _ message: String) -> FigureFileError {
                FigureFileError(path: path, line: line.number, column: column, message: message)
            }
            if SourceLine.isBlank(body) {
                // Only a truly empty line ends a layer: a comment line may sit inside one.
                if !hadComment && inLayer { layer += 1; row = 0; inLayer = false }
                continue
            }
            // An ASCII line (nearly all) is searched by its bytes, which are its characters:
            // `firstIndex(of:)` ran a grapheme breaker over every cell of every grid row only to
            // find no colon, a tenth of reading a pentomino board (issue 37). The index is the same.
            let ascii = SourceLine.isASCII(body)
            if let colon = ascii ? body.utf8.firstIndex(of: UInt8(ascii: ":")) : body.firstIndex(of: ":") {
                let key = SourceLine.trimming(body[..<colon])
                let value = SourceLine.trimming(body[body.index(after: colon)...])
                let keyColumn = line.column(of: key.startIndex)
                let valueColumn = line.column(of: body.index(after: colon))
                if sawGrid {
                    throw fail(keyColumn, "`\(key):` must come before the first layer")
                }
                switch key {
                case "name":
                    if name != nil { throw fail(keyColumn, "a second `name:` line; expected only one") }
                    if value.isEmpty { throw fail(valueColumn, "expected a name after `name:`") }
                    name = String(value)
                case "pieces":
                    if sawPieces { throw fail(keyColumn, "a second `pieces:` line; expected only one") }
                    if value.isEmpty { throw fail(valueColumn, "expected a piece set after `pieces:`") }
                    let resolved: PieceSet?
                    do {
                        resolved = try pieceSet(String(value))
                    } catch let unreadable as FigureReader.UnreadablePieceSetFile {
                        throw fail(line.column(of: value.startIndex),
                                   "cannot read the piece-set file `\(unreadable.path)`" + (unreadable.reason.map { ": " + $0 } ?? ""))
                    }
                    guard let found = resolved else {
                        throw fail(line.column(of: value.startIndex),
                                   "unknown piece set \(SourceLine.quoted(value)); expected "
                                   + PieceSet.builtInNames.joined(separator: ", ")
                                   + " or the path of a piece-set file")
                    }
                    stated = found
                    sawPieces = true
                default:
                    throw fail(keyColumn, "unknown header \(SourceLine.quoted(key + ":")); expected `name:` or `pieces:`")
                }
                continue
            }
            sawGrid = true
            inLayer = true
            let set = stated ?? PieceSet.soma
            // One grid character `ch` at `x` (0-based), its file column worked out only for an error.
            func take(_ ch: Character, _ x: Int, _ column: () -> Int) throws {
                switch ch {
                case ".", " ":
                    return
                case "#":
                    break
                case "\t":
                    throw fail(column(), "a tab; expected `.` or spaces for empty places")
                default:
                    guard set.piece(ch) != nil else {
                        let letters = set.pieces.map { String($0.letter) }.joined(separator: " ")
                        throw fail(column(), "unexpected `\(ch)`; expected `#`, `.` or a piece letter (\(letters))")
                    }
                }
                columns = (min(columns.lo, x), max(columns.hi, x))
                rows = (min(rows.lo, row), max(rows.hi, row))
                if columns.hi - columns.lo >= SourceText.maximumExtent || rows.hi - rows.lo >= SourceText.maximumExtent
                    || layer >= SourceText.maximumExtent {
                    throw fail(x + 1, "the figure spans more than \(SourceText.maximumExtent) cells along a row, a column or its height")
                }
                marks.append(GridMark(layer: layer, row: row, column: x, character: ch,
                                      line: line.number, fileColumn: x + 1))
            }
            if ascii {
                // An ASCII row (nearly all) by its bytes, which are its characters: a grapheme
                // breaker per character was most of reading a board (issue 37).
                var x = 0
                for byte in body.utf8 {
                    try take(Character(Unicode.Scalar(byte)), x) { x + 1 }
                    x += 1
                }
            } else {
                // Indices walked by hand: `zip(body.indices, body).enumerated()` made the runtime
                // build that iterator's generic metadata on first use, a quarter of the parse of
                // the cube (issue 14, start-up of `soma solve cube`).
                var x = -1
                for index in body.indices {
                    x += 1
                    try take(body[index], x) { line.column(of: index) }
                }
            }
            row += 1
        }

        guard !marks.isEmpty else {
            throw FigureFileError(path: path, line: max(lines.count, 1), column: 1,
                                  message: "no cells: expected layers of rows of `#` and `.`")
        }
        let set = stated ?? PieceSet.soma
        let layerCount = marks.map(\.layer).max()! + 1
        let cells = marks.map { $0.cell(layerCount: layerCount, topFirst: false) }
        let lettered = zip(marks, cells).filter { $0.0.character != "#" }.map {
            PreplacedPieces.Mark(character: $0.0.character, cell: $0.1, line: $0.0.line, column: $0.0.fileColumn)
        }
        let groups = try PreplacedPieces.group(lettered, pieceSet: set, path: path,
                                               identify: PreplacedPieces.identifyByLetter(in: set))
        let normal = normalising(cells, groups)
        return Figure(name: name ?? FigureReader.defaultName(for: path), cells: normal.cells,
                      pieceSet: set, preplaced: normal.groups)
    }
}
