/// The text of a figure or piece-set file, checked before any reader parses it, and the limits
/// that keep a hostile or mistaken file from costing unbounded time or memory.
///
/// Figure files are small plain text. Whatever a file holds, reading it must end in a figure or
/// in a `file:line:column` message: never a crash, a hang, or a picture of gigabytes. So:
/// - the bytes must be UTF-8 (a UTF-16 file, as some Windows editors save, is named as such);
/// - control characters are refused where they stand, because a figure's name and the tokens an
///   error quotes are printed to the user's terminal, and `name: ESC[2J` would clear it;
/// - a figure's box and a piece set's size are bounded (`maximumExtent`, `maximumPieces`), so
///   that pictures, the game's scene and the solver's tables stay small.
public enum SourceText {
    /// The most bytes a figure or piece-set file may have. The largest real figures are a few
    /// kilobytes; reading stops here, so `pieces: /dev/zero` cannot fill the memory.
    public static let maximumBytes = 1 << 20
    /// The most cells a figure or a piece may span along any axis. Boards of 8x8 and boxes of
    /// 3x4x5 are the usual sizes; 64 leaves room for any figure a player builds.
    static let maximumExtent = 64
    /// The most pieces (copies included) in one set.
    static let maximumPieces = 1000

    /// Decodes a file's bytes as UTF-8, reporting the first byte that is not UTF-8 with its line
    /// and column.
    public static func decode(_ bytes: [UInt8], path: String) throws(FigureFileError) -> String {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw FigureFileError(path: path, line: 1, column: 1,
                                  message: "the file is UTF-16 text; expected UTF-8 (save it as UTF-8)")
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var line = 1, column = 1
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput:
                return String(decoding: bytes, as: UTF8.self)   // not reached: validation failed
            case .error:
                throw FigureFileError(path: path, line: line, column: column,
                                      message: "a byte that is not UTF-8; expected UTF-8 text")
            }
        }
    }

    /// Refuses control characters other than tab and line ends, at their line and column.
    static func checkPlainText(_ text: String, path: String) throws(FigureFileError) {
        var line = 1, column = 1
        var afterReturn = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x0A:
                if !afterReturn { line += 1 }
                column = 1
                afterReturn = false
                continue
            case 0x0D:
                line += 1
                column = 1
                afterReturn = true
                continue
            case 0x09, 0xFEFF:
                break
            case 0x00..<0x20, 0x7F, 0x80..<0xA0:
                let code = String(value, radix: 16, uppercase: true)
                throw FigureFileError(path: path, line: line, column: column,
                                      message: "a control character (U+\(String(repeating: "0", count: 4 - code.count) + code)); expected plain text")
            default:
                break
            }
            afterReturn = false
            column += 1
        }
    }

    /// Refuses cells that span more than `maximumExtent` along an axis.
    static func checkExtent(_ cells: some Sequence<Cell>, path: String, what: String) throws(FigureFileError) {
        let box = Bounds(cells)
        let spans = [("x", box.hi.x - box.lo.x + 1), ("y", box.hi.y - box.lo.y + 1), ("z", box.hi.z - box.lo.z + 1)]
        if let (axis, span) = spans.first(where: { $0.1 > maximumExtent }) {
            throw FigureFileError(path: path, line: 0, column: 0,
                                  message: "\(what) spans \(span) cells along \(axis); at most \(maximumExtent) are supported")
        }
    }
}
