import Foundation
import Testing

/// The player's own figures on the command line, on the release binary: `soma figures` lists them
/// in their own section with their solution counts (worked out once, then read from the cache),
/// and `soma play NAME`, `soma show NAME` and `soma solve NAME` find a saved design by its name.
@Suite("your own figures", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct FiguresEndToEndTests {
    /// A fresh HOME with XDG folders, holding `my-tower.figure` (the catalog's tower, named `My
    /// Tower`: 760 solutions) and an old-style design `dot.txt` (one cube: no solution).
    static func withFigures<T>(_ body: (_ root: String, _ environment: [String]) throws -> T) throws -> T {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("soma-figs-\(UUID().uuidString)").path
        let folder = root + "/cfg/soma/figures"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let tower = try Tmux.run([SomaBinary.path, "solve", "tower", "--count"])
        try #require(tower.status == 0)
        let towerText = try String(contentsOfFile: Self.catalogFolder + "/tower.figure", encoding: .utf8)
            .replacingOccurrences(of: "name: Tower", with: "name: My Tower")
        try Data(towerText.utf8).write(to: URL(fileURLWithPath: folder + "/my-tower.figure"))
        try Data("name: dot\n\n#\n".utf8).write(to: URL(fileURLWithPath: folder + "/dot.txt"))
        let environment = ["HOME=\(root)", "XDG_CONFIG_HOME=\(root)/cfg", "XDG_CACHE_HOME=\(root)/cache",
                           "XDG_STATE_HOME=\(root)/state"]
        return try body(root, environment)
    }

    static let catalogFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources/Figures").path

    static func soma(_ environment: [String], _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try Tmux.run(["/usr/bin/env"] + environment + [SomaBinary.path] + arguments)
    }

    @Test("soma figures: the catalog with stated counts, then Your figures with counts worked out once and kept")
    func listing() throws {
        try Self.withFigures { root, environment in
            let cold = try Self.soma(environment, ["figures"])
            #expect(cold.status == 0, "\(cold.error)")
            let lines = cold.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "Soma figures")
            #expect(lines.contains { $0.hasPrefix("  cube ") && $0.hasSuffix(" 27 cells  240 solutions") }, "\(cold.output)")
            #expect(lines.contains { $0.hasPrefix("  6x10 ") && $0.hasSuffix(" 60 cells  2339 solutions") })
            #expect(lines.contains { $0.hasPrefix("  battleship ") && $0.hasSuffix(" 1 solution") })
            let section = try #require(lines.firstIndex(of: "Your figures (\(root)/cfg/soma/figures)"), "\(cold.output)")
            #expect(lines[section - 1] == "", "a section of its own")
            #expect(Array(lines[(section + 1)...].prefix(2).map { $0.replacingOccurrences(of: "  +", with: "  ", options: .regularExpression) })
                    == ["  dot  dot  1 cells  0 solutions", "  my-tower  My Tower  27 cells  760 solutions"], "\(cold.output)")
            // Kept: one line per figure in the cache; the second listing reads it and says the same.
            let cache = try String(contentsOfFile: root + "/cache/soma/solution-counts", encoding: .utf8)
            #expect(cache.split(separator: "\n").count == 2 && cache.contains(" 760\n") && cache.contains(" 0\n"), "\(cache)")
            let warm = try Self.soma(environment, ["figures"])
            #expect(warm.output == cold.output)
            // A count in the cache is what is shown (it is not worked out again).
            try Data(cache.replacingOccurrences(of: " 760\n", with: " 761\n").utf8)
                .write(to: URL(fileURLWithPath: root + "/cache/soma/solution-counts"))
            let edited = try Self.soma(environment, ["figures"]).output
            #expect(edited.replacingOccurrences(of: "  +", with: "  ", options: .regularExpression)
                        .contains("  my-tower  My Tower  27 cells  761 solutions\n"), "\(edited)")
        }
    }

    @Test("soma play, show and solve find a saved design by its name and by its file name; an old .txt design too")
    func byName() throws {
        try Self.withFigures { root, environment in
            for name in ["My Tower", "my-tower", "my-tower.figure"] {
                let shown = try Self.soma(environment, ["show", name, "--style", "ascii"])
                #expect(shown.status == 0 && shown.output.hasPrefix("My Tower\n"), "\(name): \(shown.error)")
            }
            let solved = try Self.soma(environment, ["solve", "My Tower", "--count"])
            #expect(solved.status == 0 && solved.output.contains("760"), "\(solved.output) \(solved.error)")
            #expect(try Self.soma(environment, ["show", "dot"]).output.hasPrefix("dot\n"))
            let unknown = try Self.soma(environment, ["show", "my-towr"])
            #expect(unknown.status == 2 && unknown.error.contains("my-tower"), "the player's names are listed: \(unknown.error)")

            let env = "env " + environment.map { "'\($0)'" }.joined(separator: " ") + " "
            let play = try Tmux(env + SomaBinary.command(["play", "My Tower", "--state-dir", root + "/state"]), width: 120, height: 40)
            #expect(play.waitForScreen(containing: "My Tower"), "\((try? play.screen()) ?? "")")
            #expect(play.waitForScreen(containing: "moves 0"), "\((try? play.screen()) ?? "")")
            try play.send(keys: "q")
            #expect(play.waitForExit() == 0)
        }
    }
}
