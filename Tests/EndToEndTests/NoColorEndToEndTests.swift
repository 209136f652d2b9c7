import Foundation
import Testing

/// NO_COLOR (no-color.org) on a UTF-8 terminal, as tmux receives it from the release binary
/// (issue 25): the picture is shaded by glyphs, no colour escape is sent, and no face edge is
/// drawn with slashes.
@Suite("NO_COLOR in a real terminal", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct NoColorEndToEndTests {
    @Test("soma play and soma pento with NO_COLOR=1: no colour escape, block shading, no ╱ or ╲", arguments: [
        ["play", "cube"], ["pento"],
    ])
    func noColour(arguments: [String]) throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try Tmux("env NO_COLOR=1 LANG=C.UTF-8 " + SomaBinary.command(arguments + ["--state-file", stateFile]),
                            width: 120, height: 40)
        try #require(tmux.waitForScreen(containing: "moves 0"), "\((try? tmux.screen()) ?? "")")
        // With escapes: tmux writes the attributes and colours of every cell as SGR sequences.
        let screen = try tmux.tmux(["capture-pane", "-p", "-e", "-t", tmux.target])
        let sgr = try Regex(#"\x1b\[([0-9;]*)m"#)
        for match in screen.matches(of: sgr) {
            let parameters = match.output[1].substring.map(String.init) ?? ""
            // 39 and 49 are the terminal's own default colours (tmux writes them on resets).
            let colours = parameters.split(separator: ";").compactMap { Int($0) }.filter {
                ((30...49).contains($0) || (90...107).contains($0)) && $0 != 39 && $0 != 49
            }
            #expect(colours.isEmpty, "a colour escape: \(parameters.debugDescription)")
        }
        let text = try tmux.screen()
        #expect(!text.contains("╱") && !text.contains("╲"), "\(text)")
        if arguments[0] == "play" {
            // Each piece filled with its own pattern (issue 34): V solid, L bars down, B a grid.
            #expect(["█", "▌", "┼"].allSatisfy { text.contains($0) }, "faces filled by glyphs: \(text)")
        }
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }
}
