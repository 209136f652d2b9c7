/// Reads a figure from the text of a file in any of the formats of `FigureFormat`.
///
/// Parsing is pure: it takes the text and the path (for messages and for naming the figure).
/// A native figure may name a piece-set file; `readFile` is how the reader gets its text (pass
/// nil where there is no file system, and such a figure is reported as an error).
public enum FigureReader {
    public static func read(
        text: String, path: String, format: FigureFormat? = nil,
        readFile: ((String) throws -> String)? = nil
    ) throws -> Figure {
        try SourceText.checkPlainText(text, path: path)
        let figure = try parse(text: text, path: path, format: format, readFile: readFile)
        try SourceText.checkExtent(figure.cells, path: path, what: "the figure")
        return figure
    }

    private static func parse(
        text: String, path: String, format: FigureFormat?, readFile: ((String) throws -> String)?
    ) throws -> Figure {
        switch format ?? FigureFormat.detect(text: text, path: path) {
        case .native:
            return try NativeFigureReader(path: path, pieceSet: { name in
                if let builtIn = PieceSet.builtIn(named: name) { return builtIn }
                guard let readFile else { return nil }
                let piecePath = resolve(name, relativeTo: path)
                let pieceText: String
                do {
                    pieceText = try readFile(piecePath)
                } catch {
                    // The reason in words (`no such file`, `a folder, not a file`); another
                    // error's own description would be a type's name, so it says nothing more.
                    throw UnreadablePieceSetFile(path: piecePath, reason: (error as? FigureFileError)?.message)
                }
                return try PieceSetReader.read(text: pieceText, path: piecePath, name: name)
            }).read(text)
        case .yass:
            return try YassFigureReader(path: path).read(text).standingOnBroadestBase()
        case .standard:
            return try StandardFigureReader(path: path).read(text).standingOnBroadestBase()
        }
    }

    /// Raised by the piece-set lookup so that the native reader can report the `pieces:` line.
    struct UnreadablePieceSetFile: Error {
        var path: String
        var reason: String?
    }

    /// A figure without a `name:` line is named after its file.
    static func defaultName(for path: String) -> String {
        let base = String(path.split(separator: "/").last ?? "")
        let ext = fileExtension(of: base)
        let name = ext.isEmpty ? base : String(base.dropLast(ext.count + 1))
        return name.isEmpty ? "untitled" : name
    }

    static func fileExtension(of path: String) -> String {
        let base = path.split(separator: "/").last ?? ""
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return "" }
        return String(base[base.index(after: dot)...])
    }

    /// `name` as written in a file at `path`: absolute names stay, relative ones are taken
    /// from the file's folder.
    static func resolve(_ name: String, relativeTo path: String) -> String {
        if name.hasPrefix("/") { return name }
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }
}
