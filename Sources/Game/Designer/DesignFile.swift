/// A figure file the designer wants written: the file name (no folder; the loop knows where
/// figures live) and the text. The designer builds the text, so the formats stay testable here.
public struct DesignFile: Hashable, Sendable {
    public enum Format: Hashable, Sendable {
        /// soma's own format, what `soma play` and the figure menu read: `NAME.txt`.
        case native
        /// Mark Rubin's yass solver: `NAME.soma`.
        case yass

        public var fileExtension: String { self == .native ? "txt" : "soma" }
    }

    public var fileName: String
    public var format: Format
    public var text: String

    public init(fileName: String, format: Format, text: String) {
        self.fileName = fileName
        self.format = format
        self.text = text
    }
}

/// How writing a `DesignFile` went, as the loop reports it back.
public enum DesignFileOutcome: Hashable, Sendable {
    /// Written at this path.
    case written(path: String, format: DesignFile.Format)
    /// Not written: what went wrong, in words the player can act on.
    case failed(String)
}
