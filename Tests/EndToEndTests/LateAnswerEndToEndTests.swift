import Foundation
import Testing

/// The terminal's answers to the game's background-colour query, arriving late as they do for a
/// player with a long round trip (issue 35): the first frame is drawn at once in the default
/// theme, and an answer 400 ms later is never read as keys; a light one redraws in the light
/// theme. A detached tmux answers no OSC 11 query itself (only the device attributes), so what
/// the game hears about its background is only what the test sends, when it sends it.
@Suite("Late terminal answers", .serialized, .timeLimit(.minutes(10)),
       .requires(.tmux), .requires(.soma))
struct LateAnswerEndToEndTests {
    static let white = "\u{1b}]11;rgb:ffff/ffff/ffff\u{1b}\\"
    static let black = "\u{1b}]11;rgb:0000/0000/0000\u{07}"
    static let attributes = "\u{1b}[?64;1;2;6;9;15;18;21;22c"

    /// A game of the cube with a fresh state file in a 100x30 pane, the theme chosen or not.
    func start(theme: String?) throws -> (tmux: Tmux, stateFile: String) {
        let stateFile = SomaBinary.temporaryStateFile()
        let environment = "env LANG=C.UTF-8 " + (theme.map { "SOMA_THEME=\($0) " } ?? "")
        let tmux = try Tmux(environment + SomaBinary.command(["play", "cube", "--state-file", stateFile]), width: 100, height: 30)
        return (tmux, stateFile)
    }

    /// The pane's cells with their colours and attributes, as SGR escapes.
    func picture(_ tmux: Tmux) throws -> String {
        try tmux.tmux(["capture-pane", "-p", "-e", "-t", tmux.target])
    }

    /// The first frame of a game whose theme was chosen (no question asked).
    /// With `key`, the frame once that key has selected a piece (` V  ` on the bottom line).
    func reference(theme: String, key: String? = nil) throws -> String {
        let (tmux, stateFile) = try start(theme: theme)
        defer { SomaBinary.removeState(stateFile) }
        try #require(tmux.waitForScreen(containing: "moves 0"), "\((try? tmux.screen()) ?? "")")
        if let key {
            try tmux.send(keys: key)
            try #require(tmux.waitForScreen(containing: " V  "), "\((try? tmux.screen()) ?? "")")
        }
        let picture = try picture(tmux)
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        return picture
    }

    @Test("answers 400 ms late, one split across two writes: the device attributes and a dark answer change nothing, a light one only the theme")
    func lateAnswers() throws {
        let light = try reference(theme: "light"), dark = try reference(theme: "dark")
        #expect(light != dark)

        let launched = Date()
        let (tmux, stateFile) = try start(theme: nil)
        defer { SomaBinary.removeState(stateFile) }
        try #require(tmux.waitForScreen(containing: "moves 0"), "\((try? tmux.screen()) ?? "")")
        // The first frame did not wait for an answer: the default theme's.
        var seen = ""
        #expect(tmux.wait { seen = try picture(tmux); return seen == dark }, "first frame:\n\(seen)")

        // 400 ms after the launch (the query went out then): the device attributes and a dark
        // answer. Then a light answer cut in two, as a slow link may deliver it.
        let late = 0.4 - Date().timeIntervalSince(launched)
        if late > 0 { usleep(useconds_t(late * 1_000_000)) }
        try tmux.send(bytes: Self.attributes + Self.black)
        try tmux.send(bytes: String(Self.white.prefix(12)))
        try tmux.send(bytes: String(Self.white.dropFirst(12)))
        // Keys would have selected a piece, moved it or opened a screen: the picture would
        // differ from the light theme's first frame in more than colour.
        #expect(tmux.wait { seen = try picture(tmux); return seen == light }, "after the answers:\n\(seen)\nexpected:\n\(light)")

        // The keyboard is the player's again at once.
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a chosen theme is kept whatever the terminal answers")
    func chosenThemeKept() throws {
        let dark = try reference(theme: "dark", key: "1")
        let (tmux, stateFile) = try start(theme: "dark")
        defer { SomaBinary.removeState(stateFile) }
        try #require(tmux.waitForScreen(containing: "moves 0"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(bytes: Self.white)
        // Then a key whose effect shows (V selected), so the answer has surely been read before
        // the check; the reference pressed the same key.
        try tmux.send(keys: "1")
        #expect(tmux.waitForScreen(containing: " V  "), "\((try? tmux.screen()) ?? "")")
        var seen = ""
        #expect(tmux.wait { seen = try picture(tmux); return seen == dark }, "\(seen)")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }
}

extension Tmux {
    /// Bytes written unchanged into the pane's terminal in one write, by their hex values
    /// (`send-keys -H`): what a terminal sends when it answers a query.
    func send(bytes text: String) throws {
        try tmux(["send-keys", "-t", target, "-H"] + text.utf8.map { String(format: "%02x", $0) })
    }
}
