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

    /// How a generated figure is shown (`Figure.title`): its id and grade, and the day for a
    /// day's figure, since the id alone says nothing to a player.
    public static func title(id: String, grade: Int, day: String? = nil) -> String {
        day.map { "Daily \($0), grade \(grade)" } ?? "\(id), grade \(grade)"
    }

    /// The title the opening comments of a generated figure's file give (`; The daily figure
    /// of DAY ...`, `; id ID; grade G of 5; ...`), or nil when they state no id and grade.
    /// The file is the player's: only a date, an id and a grade of the right forms are taken.
    public static func title(header lines: some Sequence<Substring>) -> String? {
        var day: String?
        for line in lines.prefix(8) {
            let words = line.split(separator: " ")
            if words.starts(with: ["The", "daily", "figure", "of"]), words.count > 4, PuzzleDate.isDate(words[4]) {
                day = String(words[4])
            }
            // `id g-7f3a2c; grade 3 of 5; ...`
            let parts = line.split(separator: ";").map { $0.split(separator: " ") }
            guard parts.count >= 2, parts[0].count == 2, parts[0][0] == "id", isID(String(parts[0][1])),
                  parts[1].count == 4, parts[1][0] == "grade", let grade = Int(parts[1][1]), (1...5).contains(grade) else { continue }
            return title(id: String(parts[0][1]).lowercased(), grade: grade, day: day)
        }
        return nil
    }

    /// The kept figures, by id, each read (or why it could not be).
    public func files() -> [PlayerFigures.File] {
        PlayerFigures(directory: directory).files().filter { Self.isID(PlayerFigures.stem($0.fileName)) }
    }
}

/// The form of a day as the daily rule writes it: `YYYY-MM-DD`, digits only.
enum PuzzleDate {
    static func isDate(_ word: Substring) -> Bool {
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [4, 2, 2] && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}
