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

    public var displayName: String { figure.name }
    public var kind: Kind { Kind(figure.pieceSet) }
    public var cellCount: Int { figure.cells.count }
}
