/// Reads a user piece set from the text of a piece-set file.
///
/// The format follows the native figure format (`;` comments, layers bottom first separated by
/// empty lines, rows as seen from above, `#` a cube, `.` or a space empty):
///
///     name: tetracubes           ; optional, defaults to the file's name
///     orientations: rotations    ; optional: rotations (default), all (mirror images
///                                ; allowed) or flat (pieces lie on a board, may turn over)
///     piece: L Long L            ; one character, then an optional display name
///     copies: 2                  ; optional, default 1
///     ###
///     #..
///
///     piece: S
///     .##
///     ##.
///
/// Each `piece:` line starts a piece; its drawing follows until the next `piece:` line.
/// Pieces must be connected, and their letters distinct; a letter may be any character but
/// `#`, `.`, `;` and `:`, which figure files use for something else.
public enum PieceSetReader {
    /// - Parameter name: the name the set is known by: what a figure's `pieces:` line said, so
    ///   that writing the figure back names the same file. Without it, the file's `name:` line,
    ///   else the file's name.
    public static func read(text: String, path: String, name: String? = nil) throws -> PieceSet {
        struct Draft {
            var letter: Character
            var name: String
            var copies = 1
            var line: Int
            var column: Int
            var marks: [GridMark] = []
            var layer = 0, row = 0, inLayer = false
        }
        try SourceText.checkPlainText(text, path: path)
        var setName: String?
        var orientations = "rotations"
        var drafts: [Draft] = []
        var sawHeader = false

        for line in SourceLine.lines(of: text) {
            let (content, hadComment) = line.strippingComment(";")
            let body = SourceLine.trimmingTrailing(content)
            func fail(_ column: Int, _ message: String) -> FigureFileError {
                FigureFileError(path: path, line: line.number, column: column, message: message)
            }
            if SourceLine.isBlank(body) {
                if !hadComment, drafts.last?.inLayer == true {
                    drafts[drafts.count - 1].layer += 1
                    drafts[drafts.count - 1].row = 0
                    drafts[drafts.count - 1].inLayer = false
                }
                continue
            }
            // A figure's `pieces:` line may name any file: one that does not start like a piece
            // set is said to be none, and nothing of it is quoted back.
            if !sawHeader {
                let key = body.firstIndex(of: ":").map { SourceLine.trimming(body[..<$0]) }
                let isDrawing = body.allSatisfy { $0 == "#" || $0 == "." || $0 == " " }
                guard isDrawing || key.map({ ["name", "orientations", "piece"].contains($0) }) == true else {
                    throw fail(1, "not a piece-set file: expected `name:`, `orientations:` or `piece:` first")
                }
                sawHeader = true
            }
            if let colon = body.firstIndex(of: ":") {
                let key = SourceLine.trimming(body[..<colon])
                let value = SourceLine.trimming(body[body.index(after: colon)...])
                let keyColumn = line.column(of: key.startIndex)
                let valueColumn = value.isEmpty ? line.column(of: body.endIndex) : line.column(of: value.startIndex)
                switch key {
                case "name" where drafts.isEmpty:
                    if value.isEmpty { throw fail(valueColumn, "expected a name after `name:`") }
                    setName = String(value)
                case "orientations" where drafts.isEmpty:
                    guard ["rotations", "all", "flat"].contains(value) else {
                        throw fail(valueColumn, "expected `rotations`, `all` or `flat` after `orientations:`")
                    }
                    orientations = String(value)
                case "piece":
                    guard let letter = value.first, value.count == 1 || value.dropFirst().first == " " else {
                        throw fail(valueColumn, "expected a one-character piece letter after `piece:`")
                    }
                    if "#.;: ".contains(letter) {
                        throw fail(valueColumn, "`\(letter)` cannot be a piece letter: figures use it for something else")
                    }
                    if let other = drafts.first(where: { $0.letter == letter }) {
                        throw fail(valueColumn, "a second piece `\(letter)`; the first is on line \(other.line)")
                    }
                    let display = SourceLine.trimming(value.dropFirst())
                    drafts.append(Draft(letter: letter, name: display.isEmpty ? String(letter) : String(display),
                                        line: line.number, column: valueColumn))
                case "copies" where drafts.last?.marks.isEmpty == true:
                    guard let n = Int(value), n >= 1, n <= SourceText.maximumPieces else {
                        throw fail(valueColumn, "expected a whole number of copies from 1 to \(SourceText.maximumPieces)")
                    }
                    drafts[drafts.count - 1].copies = n
                case "name", "orientations":
                    throw fail(keyColumn, "`\(key):` must come before the first `piece:`")
                case "copies":
                    throw fail(keyColumn, "`copies:` must follow a `piece:` line, before its drawing")
                default:
                    throw fail(keyColumn, "unknown header \(SourceLine.quoted(key + ":")); expected `name:`, `orientations:`, `piece:` or `copies:`")
                }
                continue
            }
            guard !drafts.isEmpty else {
                throw fail(1, "a drawing before any `piece:` line; expected `piece: LETTER` first")
            }
            var d = drafts.removeLast()
            d.inLayer = true
            for (x, (index, ch)) in zip(body.indices, body).enumerated() {
                switch ch {
                case ".", " ": continue
                case "#":
                    d.marks.append(GridMark(layer: d.layer, row: d.row, column: x, character: ch,
                                            line: line.number, fileColumn: x + 1))
                default:
                    throw fail(line.column(of: index), "unexpected `\(ch)`; expected `#` for a cube or `.` for empty")
                }
            }
            d.row += 1
            drafts.append(d)
        }

        guard !drafts.isEmpty else {
            throw FigureFileError(path: path, line: 1, column: 1, message: "no pieces: expected `piece: LETTER` and a drawing")
        }
        let pieceCount = drafts.reduce(0) { $0 + $1.copies }
        guard pieceCount <= SourceText.maximumPieces else {
            throw FigureFileError(path: path, line: drafts[0].line, column: 1,
                                  message: "\(pieceCount) pieces; a set may have at most \(SourceText.maximumPieces)")
        }
        var pieces: [Piece] = []
        for d in drafts {
            func fail(_ message: String) -> FigureFileError {
                FigureFileError(path: path, line: d.line, column: d.column, message: message)
            }
            guard !d.marks.isEmpty else { throw fail("piece `\(d.letter)` has no cubes; expected a drawing of `#`") }
            let layerCount = d.marks.map(\.layer).max()! + 1
            let cells = d.marks.map { $0.cell(layerCount: layerCount, topFirst: false) }
            do { try SourceText.checkExtent(cells, path: path, what: "piece `\(d.letter)`") } catch { throw fail(error.message) }
            let shape = Shape(cells)
            guard shape.isConnected else { throw fail("piece `\(d.letter)` is not connected face to face") }
            if orientations == "flat" && shape.size.z > 1 {
                throw fail("piece `\(d.letter)` has several layers; a flat set's pieces lie in one")
            }
            pieces.append(Piece(name: d.name, letter: d.letter, shape: shape, copies: d.copies))
        }
        let group: [Isometry] = switch orientations {
        case "all": Isometry.all
        case "flat": Isometry.planar
        default: Isometry.rotations
        }
        return PieceSet(name: name ?? setName ?? FigureReader.defaultName(for: path), pieces: pieces,
                        orientationGroup: group, isFlat: orientations == "flat")
    }
}
