import Foundation

/// The one place Polycube touches the file system, kept apart from the pure readers so that
/// they stay testable on strings: callers at the edge (the `soma` executable) use these.
extension FigureReader {
    /// Reads the figure file at `path`, and any piece-set file it names.
    public static func load(path: String) throws -> Figure {
        try read(text: readText(path), path: path, readFile: readText)
    }

    /// The text of a file, or an error naming it.
    static func readText(_ path: String) throws -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw FigureFileError(path: path, line: 0, column: 0, message: "cannot read the file")
        }
    }
}
