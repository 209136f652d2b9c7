import Foundation
import Testing

/// `soma design` and `soma play` look for the player's figures in the same folder, whatever the
/// environment says: with a relative `$XDG_CONFIG_HOME` (which the XDG spec says to ignore) both
/// use `$HOME/.config/soma/figures`. Before one resolver served every command, design saved there
/// while the play menu looked under the relative path.
@Suite("the player's folders", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct PlacesEndToEndTests {
    @Test("with a relative XDG_CONFIG_HOME, the play menu lists what soma design saved")
    func designAndPlayAgree() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("soma-places-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/cfg", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Run from `root`, so a relative path would name a folder that exists there.
        let environment = "cd '\(root)' && HOME='\(root)' XDG_CONFIG_HOME=cfg XDG_STATE_HOME=st "

        let design = try Tmux(environment + SomaBinary.command(["design", "--style", "ascii"]), width: 100, height: 32)
        try #require(design.waitForScreen(containing: "0/27 cubes"), "soma design did not start: \((try? design.screen()) ?? "")")
        try design.send(keys: "Space")
        #expect(design.waitForScreen(containing: "1/27 cubes"))
        try design.send(keys: "s")
        #expect(design.waitForScreen(containing: "Save as:"))
        try design.send(literal: "dot")
        try design.send(keys: "Enter")
        #expect(design.waitForScreen(containing: "Saved to"), "\((try? design.screen()) ?? "")")
        try design.send(keys: "q")
        #expect(design.waitForExit() == 0)
        let folder = root + "/.config/soma/figures"
        #expect(FileManager.default.fileExists(atPath: folder + "/dot.figure"))
        #expect(!FileManager.default.fileExists(atPath: root + "/cfg/soma"))

        let play = try Tmux(environment + SomaBinary.command(["play", "--state-file", root + "/progress.json"]),
                            width: 160, height: 36)
        try #require(play.waitForScreen(containing: "moves 0"), "no first frame: \((try? play.screen()) ?? "")")
        try play.send(keys: "m")
        #expect(play.waitForScreen(containing: "Soma figures"), "\((try? play.screen()) ?? "")")
        for _ in 0..<40 { try play.send(keys: "Down") }
        #expect(play.waitForScreen(containing: "Your figures (\(folder))"), "\((try? play.screen()) ?? "")")
        #expect(play.waitForScreen(containing: "dot.figure"), "\((try? play.screen()) ?? "")")
        try play.send(keys: "Escape")
        #expect(play.wait { try !play.screen().contains("Your figures") })
        try play.send(keys: "q")
        #expect(play.waitForExit() == 0)
    }
}
