import Foundation
import Testing

/// The terminal knows no game: it runs any `TerminalProgram`, and the executable adapts each
/// play screen (`ScreenProgram`). So no file of the Terminal module imports a game module.
@Suite("Terminal import rules")
struct ImportRulesTests {
    @Test("no Terminal source imports Game, Polycube or Solver")
    func terminalImportsNoGame() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Terminal")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 10, "the Terminal sources were found")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable import ") }
            for module in ["Game", "Polycube", "Solver"] {
                #expect(!imports.contains { $0.hasSuffix("import " + module) }, "\(file) imports \(module)")
            }
        }
    }
}
