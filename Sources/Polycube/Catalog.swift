internal import PolycubeResources

/// The built-in figures: the Soma cube and classic Soma figures, the pentomino boards, the
/// solid pentomino boxes and the Bedlam cube.
///
/// The figures are the text files in `Resources/Figures` (native format), the single source of
/// truth. SwiftPM's `.embedInCode` resource rule compiles them into the `PolycubeResources`
/// module as byte arrays, so one binary is all a server needs and a plain `swift build` is
/// enough: no bundle to install, no generator to run. That rule names each file by a Swift
/// identifier made from its file name, so `EmbeddedFiles.figures` lists the files by hand,
/// in catalog order; `CatalogTests` checks the list against the folder.
public enum Catalog {
    /// Every entry, grouped by kind, in the order `soma figures` lists them.
    public static let figures: [CatalogEntry] = EmbeddedFiles.figures.map { file in
        let path = "Resources/Figures/\(file.name).figure"
        do {
            let figure = try FigureReader.read(text: String(decoding: file.bytes, as: UTF8.self),
                                               path: path, format: .native)
            return CatalogEntry(name: file.name, figure: figure)
        } catch {
            preconditionFailure("built-in figure \(path) does not read: \(error)")
        }
    }

    /// The command-line names, in catalog order.
    public static var names: [String] { figures.map(\.name) }

    /// The entry with this command-line name (`cube`, `6x10`, ...).
    public static func entry(named name: String) throws -> CatalogEntry {
        guard let entry = figures.first(where: { $0.name == name }) else {
            throw UnknownFigureError(name: name, known: names)
        }
        return entry
    }

    /// The figure with this command-line name.
    public static func figure(named name: String) throws -> Figure {
        try entry(named: name).figure
    }
}

/// A name that is not in the catalog; the message lists the names that are.
public struct UnknownFigureError: Error, Equatable, Sendable, CustomStringConvertible {
    public var name: String
    public var known: [String]

    public var description: String {
        "no built-in figure named `\(name)`; known figures: \(known.joined(separator: ", "))"
    }
}
