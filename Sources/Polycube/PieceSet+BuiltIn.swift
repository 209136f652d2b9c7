internal import PolycubeResources

/// The piece sets a figure file may name on its `pieces:` line without giving a file.
extension PieceSet {
    static let builtInNames = ["soma", "pentominoes", "solid-pentominoes", "bedlam"]

    static func builtIn(named name: String) -> PieceSet? {
        switch name {
        case "soma": .soma
        case "pentominoes": .pentominoes
        case "solid-pentominoes": .solidPentominoes
        case "bedlam": bedlamFromCatalog
        default: nil
        }
    }

    /// The Bedlam cube's thirteen pieces, read from the piece-set file embedded with the
    /// catalog (`Resources/Pieces/bedlam.pieces`).
    static let bedlamFromCatalog: PieceSet = {
        do {
            return try PieceSetReader.read(text: String(decoding: EmbeddedFiles.bedlamPieces, as: UTF8.self),
                                           path: "Resources/Pieces/bedlam.pieces", name: "bedlam")
        } catch {
            preconditionFailure("the embedded Bedlam piece set does not read: \(error)")
        }
    }()
}
