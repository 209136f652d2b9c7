/// A figure or piece-set file that could not be read: where, and what was expected there.
///
/// The description has the `file:line:column: message` shape compilers use, so editors and
/// terminals can jump to the spot; lines and columns count from 1, columns in characters.
public struct FigureFileError: Error, Equatable, Sendable, CustomStringConvertible {
    var path: String
    var line: Int
    var column: Int
    var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, or `file: message` for a file that could not be read at all
    /// (line 0).
    public var description: String {
        line > 0 ? "\(path):\(line):\(column): \(message)" : "\(path): \(message)"
    }
}
