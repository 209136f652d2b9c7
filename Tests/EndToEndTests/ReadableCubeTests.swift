import Foundation
import Polycube
import Testing
@testable import Game

/// Issue 12, played in a real terminal on the release binary at the two sizes players use: the
/// cube game must say how high a piece is, keep a hint, turn about three axes and leave the
/// solved figure in view.
@Suite("soma play: a readable cube", .serialized,
       .enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"),
       .enabled(if: SomaBinary.exists, "soma is not built: run swift build first"))
struct ReadableCubeTests {
    static let sizes = [(80, 24), (120, 40)]

    /// `soma play` with a fresh progress file (the canonical start layout), at its first frame.
    func start(width: Int, height: Int, stateFile: String) throws -> Tmux {
        let tmux = try Tmux(SomaBinary.command(["play", "--state-file", stateFile]), width: width, height: height)
        try #require(tmux.waitForScreen(containing: "moves 0"), "no first frame: \((try? tmux.screen()) ?? "")")
        return tmux
    }

    func lastLine(_ tmux: Tmux) throws -> String {
        String(try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty } ?? "")
    }

    @Test("PgUp: the bottom line names the level the piece floats at; Space drops it onto the floor",
          arguments: ReadableCubeTests.sizes)
    func levelAfterPageUp(width: Int, height: Int) throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { try? FileManager.default.removeItem(atPath: stateFile) }
        let tmux = try start(width: width, height: height, stateFile: stateFile)
        try tmux.send(keys: "1")
        #expect(tmux.wait { try lastLine(tmux).hasPrefix(" V  resting on the floor") }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "PageUp")
        #expect(tmux.wait { try lastLine(tmux).hasPrefix(" V  level 1, floating: Space drops it") },
                "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "PageUp")
        #expect(tmux.wait { try lastLine(tmux).hasPrefix(" V  level 2, floating: Space drops it") })
        try tmux.send(keys: "Space")
        #expect(tmux.wait { try lastLine(tmux).hasPrefix(" V  resting on the floor") }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }
}
