#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Polycube

/// Figure files read from disk. Polycube's readers work on strings (and a closure for the
/// piece-set file a figure names), so they stay pure and testable on text; this is where the
/// text comes from for the commands. Errors keep the file, line and column the readers give.
extension FigureReader {
    /// Reads the figure file at `path`, and any piece-set file it names.
    /// A generated figure's file (its name an id) gets the title its opening comments state.
    public static func load(path: String) throws -> Figure {
        let text = try readText(path)
        var figure = try read(text: text, path: path, readFile: readText)
        if GeneratedFigures.isID(figure.name) {
            figure.title = GeneratedFigures.title(header: text.split(separator: "\n").prefix { $0.hasPrefix(";") }.map { $0.dropFirst() })
        }
        return figure
    }

    /// What a command-line argument names: a catalog figure (`cube`, `6x10`), a figure file, or
    /// a figure of the player's own (`PlayerFigures`: by file name or by the figure's name, so
    /// `soma play "My Tower"` and `soma play my-tower` find `my-tower.figure`). A word that is
    /// none of these is reported with the list of names, since a mistyped figure name is likelier
    /// than a missing file without a folder or extension.
    public static func load(nameOrPath argument: String, playerFigures: PlayerFigures = PlayerFigures()) throws -> Figure {
        if Catalog.names.contains(argument) { return try Catalog.figure(named: argument) }
        if argument == "-" { return try loadStandardInput() }
        return try load(path: locate(nameOrPath: argument, playerFigures: playerFigures))
    }

    /// The file an argument that is not a catalog name stands for: the path itself when there is
    /// such a file, else the player's figure of that name, else the argument when it looks like
    /// a path (to be reported as missing). An unknown word throws `UnknownFigureError`.
    public static func locate(nameOrPath argument: String, playerFigures: PlayerFigures = PlayerFigures()) throws -> String {
        if FileManager.default.fileExists(atPath: argument) { return argument }
        // A link that leads nowhere (a loop, a missing target) is still a file the player named:
        // reading it says why it cannot be read, rather than "no built-in figure".
        var entry = stat()
        if lstat(argument, &entry) == 0 { return argument }
        if let file = playerFigures.find(argument) { return file.path }
        if GeneratedFigures.isID(argument) {
            let generated = GeneratedFigures(directory: playerFigures.directory + "/generated")
            if let path = generated.path(of: argument) { return path }
            throw FigureFileError(path: argument, line: 0, column: 0,
                                  message: "no generated figure of that id is kept in \(generated.directory) "
                                      + "(`soma generate` and `soma daily` keep the figures they make there)")
        }
        let looksLikePath = argument.contains("/") || argument.contains(".")
        if !looksLikePath {
            let own = playerFigures.fileNames().map(PlayerFigures.stem)
            throw UnknownFigureError(name: argument, known: Catalog.names + own)
        }
        return argument
    }

    /// The figure file on standard input (`soma solve -`, `soma play -`), read with the same
    /// bound as a file.
    public static func loadStandardInput() throws -> Figure {
        let path = "(standard input)"
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.readStandardInput(maxBytes: SourceText.maximumBytes)
        } catch {
            throw FigureFileError(path: path, line: 0, column: 0, message: message(for: error))
        }
        return try read(text: SourceText.decode(bytes, path: path), path: path, readFile: readText)
    }

    /// The text of a file, or an error naming it and saying why in words. `BoundedFile` reads
    /// it: at most `SourceText.maximumBytes`, regular files only, so a device, a FIFO or a huge
    /// file named by mistake (or by a `pieces:` line) costs nothing and never hangs.
    static func readText(_ path: String) throws -> String {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, maxBytes: SourceText.maximumBytes)
        } catch {
            throw FigureFileError(path: path, line: 0, column: 0, message: message(for: error))
        }
        return try SourceText.decode(bytes, path: path)
    }

    private static func message(for error: BoundedFileError) -> String {
        switch error.reason {
        case .folder: "a folder, not a figure file"
        case .tooLarge: "larger than \(SourceText.maximumBytes / 1024) KiB; figure files are small text files"
        default: error.description
        }
    }
}
