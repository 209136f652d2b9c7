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
    public static let figures: [CatalogEntry] = EmbeddedFiles.figures.map(entry(reading:))

    /// The entries of one kind, in catalog order, reading only that kind's files: the play menu
    /// lists the Soma figures, and a login's start-up need not parse the boards, the boxes and
    /// the Bedlam cube (a third of the catalog's parse, issue 35). Equal to `figures` filtered
    /// by kind (`CatalogTests`).
    public static func entries(of kind: CatalogEntry.Kind) -> [CatalogEntry] {
        EmbeddedFiles.figures.filter { statedKind(of: $0.bytes) == kind }.map(entry(reading:))
    }

    /// The kind a catalog file's `pieces:` header names (the Soma pieces when it names none),
    /// read from its header lines without parsing the layers. Catalog files only: they are
    /// tested to read, so their headers are well formed.
    static func statedKind(of bytes: [UInt8]) -> CatalogEntry.Kind {
        switch statedHeader("pieces", of: bytes) {
        case nil, PieceSet.soma.name?: return .soma
        case PieceSet.pentominoes.name?: return .board
        case PieceSet.solidPentominoes.name?: return .box
        default: return .other
        }
    }

    /// The command-line names, in catalog order. Known without reading any figure.
    public static var names: [String] { EmbeddedFiles.figures.map(\.name) }

    /// The entry with this command-line name (`cube`, `6x10`, ...). Reads only that figure's
    /// file: `soma solve cube` should not pay for parsing the other thirty-odd figures.
    static func entry(named name: String) throws -> CatalogEntry {
        guard let file = EmbeddedFiles.figures.first(where: { $0.name == name }) else {
            throw UnknownFigureError(name: name, known: names)
        }
        return entry(reading: file)
    }

    /// Decodes one embedded file. The files are tested to read, so a failure here is a bug.
    private static func entry(reading file: (name: String, bytes: [UInt8])) -> CatalogEntry {
        let path = "Resources/Figures/\(file.name).figure"
        do {
            let text = String(decoding: file.bytes, as: UTF8.self)
            let figure = try FigureReader.read(text: text, path: path, format: .native)
            return CatalogEntry(name: file.name, figure: figure, solutionCount: CatalogEntry.statedSolutionCount(in: text))
        } catch {
            preconditionFailure("built-in figure \(path) does not read: \(error)")
        }
    }

    /// The figure with this command-line name. Reads only its layers: the stated count in the
    /// file's comments is the entry's business, and finding it was an eighth of reading a board
    /// for `soma solve 3x20` (issue 37).
    public static func figure(named name: String) throws -> Figure {
        guard let file = EmbeddedFiles.figures.first(where: { $0.name == name }) else {
            throw UnknownFigureError(name: name, known: names)
        }
        return figure(reading: file)
    }

    /// Decodes one embedded file's figure. The files are tested to read, so a failure here is a bug.
    private static func figure(reading file: (name: String, bytes: [UInt8])) -> Figure {
        let path = "Resources/Figures/\(file.name).figure"
        do {
            return try FigureReader.read(text: String(decoding: file.bytes, as: UTF8.self), path: path, format: .native)
        } catch {
            preconditionFailure("built-in figure \(path) does not read: \(error)")
        }
    }
}

/// A name that is not in the catalog. The message names the nearest known name when one is a
/// likely typo (`bathub`: did you mean `bathtub`), and lists the names only when none is.
public struct UnknownFigureError: Error, Equatable, Sendable, CustomStringConvertible {
    var name: String
    var known: [String]

    public init(name: String, known: [String]) {
        self.name = name
        self.known = known
    }

    public var description: String {
        // The name came from outside: no control characters, and bounded.
        let shown = String(name.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(60).map(Character.init))
        if let near = EditDistance.nearest(to: name, among: known) {
            return "no figure named `\(shown)`; did you mean `\(near)`? (`soma figures` lists them all)"
        }
        return "no built-in figure named `\(shown)`; known figures: \(known.joined(separator: ", "))"
    }
}
