import Foundation
import Testing

/// Input decoding through a real terminal, observed on the "last input" line of
/// `soma play --input-test`, and the bytes a one-cell move of a piece costs in the game.
@Suite("soma play input and output", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct InputTests {
    func start(term: String = "tmux-256color") throws -> Tmux {
        let tmux = try Tmux(SomaBinary.command(["play", "--input-test"], term: term), width: 80, height: 24)
        try #require(tmux.waitForScreen(containing: "last input: resize 80x24"), "\((try? tmux.screen()) ?? "")")
        return tmux
    }

    func expectLastInput(_ tmux: Tmux, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(tmux.waitForScreen(containing: "last input: \(text)\n") || tmux.waitForScreen(containing: "last input: \(text)", timeout: 0),
                "wanted \(text), screen: \((try? tmux.screen()) ?? "")", sourceLocation: sourceLocation)
    }

    @Test("keys: plain, control, Alt, extended (Ctrl-arrow), function, bare Escape",
          arguments: ["tmux-256color", "xterm-256color"])
    func keys(term: String) throws {
        let tmux = try start(term: term)
        try tmux.send(keys: "Right"); expectLastInput(tmux, "key right")
        try tmux.send(keys: "C-Right"); expectLastInput(tmux, "key right+ctrl")
        try tmux.send(keys: "S-Up"); expectLastInput(tmux, "key up+shift")
        try tmux.send(keys: "M-x"); expectLastInput(tmux, "key character(\"x\")+alt")
        try tmux.send(keys: "F5"); expectLastInput(tmux, "key function(5)")
        if term == "tmux-256color" {   // xterm's terminfo does not know tmux's Home (docs/terminal.md §2)
            try tmux.send(keys: "Home"); expectLastInput(tmux, "key home")
        }
        try tmux.send(keys: "BTab"); expectLastInput(tmux, "key tab+shift")
        try tmux.send(keys: "C-a"); expectLastInput(tmux, "key character(\"a\")+ctrl")
        try tmux.send(keys: "Escape"); expectLastInput(tmux, "key escape")
        try tmux.send(literal: "ü"); expectLastInput(tmux, "key character(\"ü\")")
    }

    @Test("SGR mouse: press, drag, release, wheel, right button, modifiers, a burst in order")
    func mouse() throws {
        let tmux = try start()
        try tmux.sendMouse(0, column: 10, row: 5); expectLastInput(tmux, "mouse press left 9,4")
        try tmux.sendMouse(32, column: 12, row: 5); expectLastInput(tmux, "mouse drag left 11,4")
        try tmux.sendMouse(0, column: 12, row: 6, final: "m"); expectLastInput(tmux, "mouse release left 11,5")
        try tmux.sendMouse(64, column: 10, row: 5); expectLastInput(tmux, "mouse wheelUp none 9,4")
        try tmux.sendMouse(73, column: 10, row: 5); expectLastInput(tmux, "mouse wheelDown none 9,4+alt")
        try tmux.sendMouse(2, column: 70, row: 20); expectLastInput(tmux, "mouse press right 69,19")
        try tmux.sendMouse(4, column: 3, row: 3); expectLastInput(tmux, "mouse press left 2,2+shift")
        // One write holding press, drags and release: every event, in order; the block follows.
        try tmux.send(literal: "\u{1b}[<0;10;5M\u{1b}[<32;14;6M\u{1b}[<32;20;7M\u{1b}[<0;20;7m")
        expectLastInput(tmux, "mouse release left 19,6")
    }

    @Test("a mouse report split after its prefix, garbage and a lone ESC do not confuse input")
    func robustness() throws {
        let tmux = try start()
        try tmux.send(literal: "\u{1b}[<0;1")
        try tmux.send(literal: "0;5M")
        expectLastInput(tmux, "mouse press left 9,4")
        try tmux.send(literal: "\u{1b}[<0;1x;5M")
        try tmux.send(keys: "Left"); expectLastInput(tmux, "key left")
        try tmux.send(keys: "Escape"); expectLastInput(tmux, "key escape")
        try tmux.send(keys: "Up"); expectLastInput(tmux, "key up")
    }

    @Test("moving a piece one cell sends under 2 KB to the terminal")
    func bytesForOneCellMove() throws {
        let log = SomaBinary.temporaryStateFile() + ".typescript"
        let state = SomaBinary.temporaryStateFile()
        defer {
            try? FileManager.default.removeItem(atPath: log)
            try? FileManager.default.removeItem(atPath: state)
        }
        // script(1) puts a pty between tmux and soma and logs every byte soma writes.
        let inner = "TERM=tmux-256color '\(SomaBinary.path)' play cube --assist off --state-file '\(state)'"
        let tmux = try Tmux("exec script -q -f -c \"\(inner)\" '\(log)'", width: 100, height: 36)
        try #require(tmux.waitForScreen(containing: "moves 0"))

        func logSize() -> Int { ((try? FileManager.default.attributesOfItem(atPath: log))?[.size] as? Int) ?? 0 }
        /// The log's size once nothing has been written for 300 ms (the clock redraws once a second).
        func settledSize() -> Int {
            var last = -1, size = logSize()
            while size != last { last = size; usleep(300_000); size = logSize() }
            return size
        }
        try tmux.send(keys: "1")   // select piece 1; its first move also changes the help line
        try tmux.send(keys: "Right")
        try #require(tmux.waitForScreen(containing: "moves 1"))
        // Another piece and back: piece 1's next step is a move of its own (a move is a handling).
        try tmux.send(keys: "2", "1")
        try #require(tmux.waitForScreen(containing: ">1 V"))
        let before = settledSize()
        try tmux.send(keys: "Left")
        try #require(tmux.waitForScreen(containing: "moves 2"))
        let bytes = settledSize() - before
        print("one-cell move of a piece: \(bytes) bytes sent to the terminal")
        #expect(bytes > 0)
        #expect(bytes < 2048)
        try tmux.send(keys: "q")
    }
}
