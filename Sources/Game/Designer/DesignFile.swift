/// A figure file the designer wants written: the file name (no folder; the loop knows where
/// figures live) and the text. The designer builds the text, so the formats stay testable here.
public struct DesignFile: Hashable, Sendable {
    public enum Format: Hashable, Sendable {
        /// soma's own format, what `soma play` and the figure menu read: `NAME.figure` (the
        /// extension the README and the catalog use; designs saved before as `.txt` still read).
        case native
        /// Mark Rubin's yass solver: `NAME.soma`.
        case yass

        var fileExtension: String { self == .native ? "figure" : "soma" }
    }

    /// The file name for a figure named `name`, safe to type on a command line: lower case,
    /// ASCII letters and digits, runs of anything else (spaces, accents, punctuation) made one
    /// `-`, no `-` at either end. `My Tower` is `my-tower.figure`; the name inside the file keeps
    /// its spaces. A name with nothing usable in it becomes `figure`.
    static func fileName(for name: String, format: Format) -> String {
        stem(for: name) + "." + format.fileExtension
    }

    static func stem(for name: String) -> String {
        var stem = ""
        var gap = false
        for scalar in name.unicodeScalars {
            let c = Character(scalar)
            if scalar.isASCII && (c.isLetter || c.isNumber || c == "_") {
                if gap && !stem.isEmpty { stem.append("-") }
                gap = false
                stem.append(Character(c.lowercased()))
            } else {
                gap = true
            }
        }
        return stem.isEmpty ? "figure" : stem
    }

    public var fileName: String
    public var format: Format
    public var text: String
    /// Whether an existing file of that name may be replaced: only once the player said so (or
    /// it is the file the design came from), so a name typed twice never loses a figure.
    public var replacing: Bool

    init(fileName: String, format: Format, text: String, replacing: Bool = false) {
        self.fileName = fileName
        self.format = format
        self.text = text
        self.replacing = replacing
    }
}

/// How writing a `DesignFile` went, as the loop reports it back.
public enum DesignFileOutcome: Hashable, Sendable {
    /// Written at this path.
    case written(path: String, format: DesignFile.Format)
    /// Not written: a file of that name exists and `replacing` was false.
    case exists(path: String, format: DesignFile.Format)
    /// Not written: what went wrong, in words the player can act on.
    case failed(String)
}
