/// One figure of the built-in catalog, with what the command line and menus show of it.
public struct CatalogEntry: Hashable, Sendable {
    /// What kind of puzzle a figure is, from its piece set; menus and `soma figures` group by it.
    public enum Kind: String, CaseIterable, Sendable {
        /// Filled with the seven Soma pieces.
        case soma
        /// A flat board for the twelve pentominoes.
        case board
        /// A box for the solid pentominoes.
        case box
        /// Any other piece set (Bedlam, user sets).
        case other

        public var title: String {
            switch self {
            case .soma: "Soma figures"
            case .board: "Pentomino boards"
            case .box: "Solid pentomino boxes"
            case .other: "Other puzzles"
            }
        }

        init(_ pieceSet: PieceSet) {
            switch pieceSet.name {
            case PieceSet.soma.name: self = .soma
            case PieceSet.pentominoes.name: self = .board
            case PieceSet.solidPentominoes.name: self = .box
            default: self = .other
            }
        }
    }

    /// The command-line name: lowercase, digits and hyphens (`cube`, `6x10`, `8x8-hole`).
    public let name: String
    public let figure: Figure
    /// The number of distinct solutions (up to rotation and reflection), as the figure's file
    /// states it in its opening comment (`; 240 solutions up to rotation and reflection`): a
    /// hint of how hard the figure is, shown by `soma figures` without solving anything. The
    /// solver's tests check every stated count. Nil when the file states none.
    public let solutionCount: Int?

    init(name: String, figure: Figure, solutionCount: Int? = nil) {
        self.name = name
        self.figure = figure
        self.solutionCount = solutionCount
    }

    /// The count a catalog file states in a comment line before its first figure line.
    static func statedSolutionCount(in text: String) -> Int? {
        // Only the opening comment is walked: splitting the whole file first cost 140,000
        // instructions a figure, a login's start-up reading the catalog (issue 35). Empty lines
        // are skipped, as `split` omitted them.
        var rest = text[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "\n") ?? rest.endIndex
            let line = rest[..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            if line.isEmpty { continue }
            guard line.hasPrefix(";") else { break }
            let words = line.dropFirst().split(separator: " ")
            // Word by word: `joined` here cost a quarter of a million instructions (its
            // generic metadata looked up at run time) on every `soma solve` of a catalog figure.
            if words.count >= 5, let n = Int(words[0]), words[1].hasPrefix("solution"),
               words[2] == "up", words[3] == "to", words[4] == "rotation" {
                return n
            }
        }
        return nil
    }

    public var displayName: String { figure.name }
    public var kind: Kind { Kind(figure.pieceSet) }
    public var cellCount: Int { figure.cells.count }
}
