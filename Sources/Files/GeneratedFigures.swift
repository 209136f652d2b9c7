#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Polycube

/// The generated figures kept on this machine: every figure `soma generate` and `soma daily`
/// made, and every generated figure played, as `ID.figure` in the `generated` folder of the
/// player's figures (`XDGPaths.generatedDirectory`), so that `soma play g-7f3a2c` finds it
/// again and `soma figures` lists it under its own heading.
public struct GeneratedFigures: Sendable {
    public let directory: String

    public init(directory: String = XDGPaths.current.generatedDirectory) {
        self.directory = directory
    }

    /// True for a word with the form of a generated figure's id: `g-` and six hex digits.
    public static func isID(_ word: String) -> Bool {
        let lower = word.lowercased()
        return lower.count == 8 && lower.hasPrefix("g-") && lower.dropFirst(2).allSatisfy { $0.isASCII && $0.isHexDigit }
    }

    /// The file of the figure `id`, when it is kept.
    public func path(of id: String) -> String? {
        guard Self.isID(id) else { return nil }
        let path = directory + "/" + id.lowercased() + ".figure"
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// Keeps the figure file `text` as `ID.figure` (an existing file is left as it is: the id
    /// names the shape, and the first file kept of it stays). Answers the path, or the reason
    /// it could not be written.
    @discardableResult
    public func keep(id: String, text: String) -> Result<String, PlayerFigures.FigureLoadFailure> {
        guard Self.isID(id) else { return .failure(.init(description: "not a generated figure's id: \(id)")) }
        let path = directory + "/" + id.lowercased() + ".figure"
        if FileManager.default.fileExists(atPath: path) { return .success(path) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return .success(path)
        } catch {
            return .failure(.init(description: "cannot write \(path) (is the folder writable?)"))
        }
    }

    /// The opening comment lines of a kept figure's file (where `soma generate` states its
    /// id, grade and counts), without the `;`; none when it cannot be read.
    public static func header(ofFileAt path: String) -> [String] {
        guard let text = try? FigureReader.readText(path) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).prefix { $0.hasPrefix(";") }
            .map { String($0.dropFirst()) }
    }

    /// The kept figures, by id, each read (or why it could not be).
    public func files() -> [PlayerFigures.File] {
        PlayerFigures(directory: directory).files().filter { Self.isID(PlayerFigures.stem($0.fileName)) }
    }
}
