/// The figure file formats soma reads.
///
/// **native** (soma's own; `FigureWriter` writes it):
/// - `;` starts a comment, to the end of the line.
/// - Header lines before the first layer: `name: Display Name` and optionally
///   `pieces: SET`, where SET is `soma` (the default), `pentominoes`, `solid-pentominoes`,
///   `bedlam` or the path of a piece-set file, relative to the figure file.
/// - Then the layers, bottom layer first, separated by one or more empty lines (a line holding
///   only a comment does not separate layers).
/// - Each layer is drawn as seen from above: the first row is the back (largest y), characters
///   run left to right (x from 0). All layers share their top-left corner.
/// - `#` is a cell to fill, `.` or a space an empty place, a piece letter of the set a cell
///   covered by that piece, pre-placed. Cells of one letter that touch form one piece.
///
/// **yass** (`.soma` files of Mark Rubin's solver): slices separated by empty lines, the first
/// slice on top; `.` or a space is empty, `c p n z t l 3` pre-place a piece, any other character
/// is a cell; `#` starts a comment. Parts drawn side by side are separate parts of one figure.
///
/// **standard** (the notation of Thorleif Bundgaard's Soma pages): each line starts with `/` and
/// holds one row of every layer, layers separated by `/`, the first layer on top; `1`-`7` is a
/// cell (the digit names the piece of a published solution, which is not pre-placed), `.`, `-`
/// or `0` is empty; lines holding `;` are comments.
///
/// yass and standard files are often drawn lying on a side, so the reader stands them on their
/// broadest base (`Figure.standingOnBroadestBase()`).
public enum FigureFormat: String, Sendable, CaseIterable {
    case native, yass, standard

    /// The format of a file: by extension first (`.figure` is native, `.soma` yass, `.std`
    /// standard), otherwise by looking at the first line that holds something.
    static func detect(text: String, path: String) -> FigureFormat {
        switch FigureReader.fileExtension(of: path).lowercased() {
        case "figure": return .native
        case "soma": return .yass
        case "std": return .standard
        default: break
        }
        for line in SourceLine.lines(of: text) {
            let t = SourceLine.trimming(line.text)
            if t.isEmpty || t.hasPrefix(";") { continue }
            if t.hasPrefix("/") { return .standard }
            // `#` then words: a yass comment (native rows hold no lowercase letters).
            if t.hasPrefix("#") && t.contains(where: \.isLowercase) { return .yass }
            if t.contains(":") { return .native }
            if t.allSatisfy({ $0 == "#" || $0 == "." || $0 == " " }) { return .native }
            if t.contains("*") || t.contains("o") { return .yass }
            return .native
        }
        return .native
    }
}
