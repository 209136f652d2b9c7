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
        // An ASCII path (nearly all) is cut by its bytes, the same places as by its characters:
        // splitting by `Character` was 24k instructions a figure, a tenth of reading one of
        // yass's small figures (issue 37).
        if let (start, end, dot) = asciiBaseName(path) {
            let bytes = path.utf8
            let stop = dot.map { $0 + 1 < end ? $0 : end } ?? end
            let name = String(decoding: bytes.dropFirst(start).prefix(stop - start), as: UTF8.self)
            return name.isEmpty ? "untitled" : name
        }
        let base = String(path.split(separator: "/").last ?? "")
        let ext = fileExtension(of: base)
        let name = ext.isEmpty ? base : String(base.dropLast(ext.count + 1))
        return name.isEmpty ? "untitled" : name
    }

    static func fileExtension(of path: String) -> String {
        if let (_, end, dot) = asciiBaseName(path) {
            guard let dot else { return "" }
            return String(decoding: path.utf8.dropFirst(dot + 1).prefix(end - dot - 1), as: UTF8.self)
        }
        let base = path.split(separator: "/").last ?? ""
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return "" }
        return String(base[base.index(after: dot)...])
    }

    /// For an ASCII `path`, the byte offsets of its last component (`start..<end`, trailing
    /// slashes left out, as `split` leaves them) and of the last dot in it after its first byte
    /// (nil when there is none); nil for a path with other characters.
    private static func asciiBaseName(_ path: String) -> (start: Int, end: Int, dot: Int?)? {
        path.utf8.withContiguousStorageIfAvailable { bytes -> (Int, Int, Int?)? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let slash = UInt8(ascii: "/")
            var end = bytes.count
            while end > 0 && bytes[end - 1] == slash { end -= 1 }
            var start = end
            while start > 0 && bytes[start - 1] != slash { start -= 1 }
            var dot: Int?
            var i = end - 1
            while i > start {
                if bytes[i] == UInt8(ascii: ".") { dot = i; break }
                i -= 1
            }
            return (start, end, dot)
        } ?? nil
    }

    /// `name` as written in a file at `path`: absolute names stay, relative ones are taken
    /// from the file's folder.
    static func resolve(_ name: String, relativeTo path: String) -> String {
        if name.hasPrefix("/") { return name }
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }
}
