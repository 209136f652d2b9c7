import Foundation
import Polycube
import Testing
@testable import Game

/// Issue 12, played in a real terminal on the release binary at the two sizes players use: the
/// cube game must say how high a piece is, keep a hint, turn about three axes and leave the
/// solved figure in view.
@Suite("soma play: a readable cube", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct ReadableCubeTests {
    static let sizes = [(80, 24), (120, 40)]

    /// `soma play` with a fresh progress file (the canonical start layout), at its first frame,
    /// steering step by step (`--assist off`): these tests move and turn a piece key by key.
    func start(width: Int, height: Int, stateFile: String) throws -> Tmux {
        let tmux = try Tmux(SomaBinary.command(["play", "--state-file", stateFile, "--assist", "off"]), width: width, height: height)
        try #require(tmux.waitForScreen(containing: "moves 0"), "no first frame: \((try? tmux.screen()) ?? "")")
        return tmux
    }

    /// The bottom line says where the piece is, in the plan's layer numbers, after the keys, and
    /// ends that sentence with what holds it: `V  layer 2, behind, columns 1-2, floating: Space
    /// drops it`. Where the sentence does not fit whole (80 columns) its short form names the
    /// layer and the sides alone: `V  layer 2, behind, columns 2-3`.
    static func says(_ line: String, _ letter: Character, layer: Int, _ holding: String) -> Bool {
        // Issue 38: the keys come first; the sentence is one of the items, three spaces apart.
        guard let sentence = line.components(separatedBy: "   ").first(where: { $0.hasPrefix("\(letter)  layer \(layer), ") })
        else { return false }
        // In its short form (80 columns) the sentence leaves out what holds the piece.
        let holds = [", on the floor", ", floating", ", resting on"].contains { sentence.contains($0) }
        return sentence.contains(", " + holding) || !holds
    }

    func lastLine(_ tmux: Tmux) throws -> String {
        String(try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false).last { !$0.isEmpty } ?? "")
    }

    @Test("PgUp: the bottom line names the plan layer the piece floats in; Space drops it onto the floor",
          arguments: ReadableCubeTests.sizes)
    func levelAfterPageUp(width: Int, height: Int) throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try start(width: width, height: height, stateFile: stateFile)
        try tmux.send(keys: "1")
        #expect(tmux.wait { try Self.says(lastLine(tmux), "V", layer: 1, "on the floor") }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "PPage")
        #expect(tmux.wait { try Self.says(lastLine(tmux), "V", layer: 2, "floating: Space drops it") },
                "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "PPage")
        #expect(tmux.wait { try Self.says(lastLine(tmux), "V", layer: 3, "floating: Space drops it") })
        try tmux.send(keys: "Space")
        #expect(tmux.wait { try Self.says(lastLine(tmux), "V", layer: 1, "on the floor") }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    /// The picture and the panel: every row between the status line and the bottom line.
    func picture(_ tmux: Tmux, height: Int) throws -> [Substring] {
        let lines = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)
        return Array(lines.dropFirst().prefix(height - 2))
    }

    @Test("e, d and w on one piece give three different poses in the default view", arguments: ReadableCubeTests.sizes)
    func threeTurnAxes(width: Int, height: Int) throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try start(width: width, height: height, stateFile: stateFile)
        try tmux.send(keys: "2", "PPage", "PPage")
        #expect(tmux.wait { try Self.says(lastLine(tmux), "L", layer: 3, "floating") }, "\((try? tmux.screen()) ?? "")")
        let raised = try picture(tmux, height: height)
        var poses: [[Substring]] = []
        // L stays in hand throughout: raising and turning it is one move.
        for key in ["e", "d", "w"] {
            try tmux.send(keys: key)
            #expect(tmux.wait { try picture(tmux, height: height) != raised }, "\(key) turned L: \((try? tmux.screen()) ?? "")")
            #expect(try tmux.screen().contains("moves 1   "))
            poses.append(try picture(tmux, height: height))
            try tmux.send(keys: "u")
            #expect(tmux.wait { try picture(tmux, height: height) == raised }, "u undid \(key)")
        }
        #expect(poses[0] != poses[1] && poses[1] != poses[2] && poses[0] != poses[2], "\(poses.map { $0.joined(separator: "\n") })")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("h: the hint names its piece and stays after selecting another piece; Esc hides it", arguments: ReadableCubeTests.sizes)
    func hintStays(width: Int, height: Int) throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try start(width: width, height: height, stateFile: stateFile)
        try tmux.send(keys: "1", "h")
        // The hint's sentence, or its short form where the line is short (80 columns, beside the
        // fit count and the place).
        func saysHint(_ line: String) -> Bool {
            line.contains("Hint: try V where its ghost is") || line.contains("Hint: V on its ghost")
        }
        #expect(tmux.wait { try saysHint(lastLine(tmux)) }, "\((try? tmux.screen()) ?? "")")
        let withHint = try picture(tmux, height: height)
        // The plan marks the hint's cells with its letter in lower case.
        #expect(withHint.contains { $0.contains("v") })
        try tmux.send(keys: "3")
        // T is selected (the legend's marker); the hint's sentence keeps its place after the
        // action, before the position sentence, which gives way where the line is short.
        #expect(tmux.wait { let screen = try tmux.screen(); return screen.contains(">3 T") || screen.contains("> 3 T") },
                "\((try? tmux.screen()) ?? "")")
        #expect(try saysHint(lastLine(tmux)), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "Right")
        #expect(tmux.waitForScreen(containing: "moves 1   "))
        #expect(try saysHint(lastLine(tmux)), "a move elsewhere keeps it: \((try? lastLine(tmux)) ?? "")")
        try tmux.send(keys: "Escape")
        #expect(tmux.wait { try !lastLine(tmux).contains("Hint") }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("after the last piece the solved figure is entirely visible: the news is on the status line",
          arguments: ReadableCubeTests.sizes)
    func solvedFigureVisible(width: Int, height: Int) throws {
        let steps = try #require(try SomaKeyPlanner.cubePlan(width: width, height: height))
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try start(width: width, height: height, stateFile: stateFile)
        var moves = 0
        for start in stride(from: 0, to: steps.count, by: 12) {
            let batch = steps[start..<min(steps.count, start + 12)]
            moves += batch.filter(\.startsMove).count   // one move per piece handled
            try tmux.tmux(["send-keys", "-t", tmux.target] + batch.map { SomaKeyPlanner.tmuxName($0.key) })
            guard start + 12 < steps.count else { break }   // the last batch solves: the news replaces the count
            #expect(tmux.waitForScreen(containing: "moves \(moves)   "), "after \(moves) moves: \((try? tmux.screen()) ?? "")")
        }
        #expect(moves == 7)
        #expect(tmux.wait { (try tmux.screen().split(separator: "\n").first ?? "").contains("Solved in ") },
                "\((try? tmux.screen()) ?? "")")
        // Once the solved moment is over (under 2 s), the picture is the finished figure.
        #expect(tmux.wait(timeout: 5) { try !lastLine(tmux).contains("any key skips") }, "\((try? tmux.screen()) ?? "")")
        let rows = try picture(tmux, height: height)
        #expect(!rows.contains { $0.contains("┌") || $0.contains("└") || $0.contains("Solved") }, "\(rows.joined(separator: "\n"))")
        #expect(try tmux.screen().components(separatedBy: " in place").count - 1 == 7, "every legend entry: in place")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        // The solve is recorded: started again, the figure menu lists the cube as solved.
        let again = try start(width: width, height: height, stateFile: stateFile)
        try again.send(keys: "m")
        #expect(again.waitForScreen(containing: "Soma figures"), "\((try? again.screen()) ?? "")")
        let line = SomaBinary.menuLine(try again.screen(), naming: "cube") ?? ""
        #expect(line.contains("solved, best") && line.contains(" in \(moves) moves"), "the solve is recorded: \(line)")
        try again.send(keys: "Escape")   // alone: ESC and q together would read as Alt-q
        #expect(again.wait { !(try again.screen().contains("Soma figures")) })
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
    }

    @Test("soma solve cube: the layers are numbered from the bottom and the front row is named")
    func solveLayers() throws {
        let result = try Tmux.run([SomaBinary.path, "solve", "cube"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.firstIndex(of: "1    2    3     layer 1 is the bottom"), "\(result.output)")
        #expect(lines[header + 1].count == 13 && lines[header + 3].count == 13, "three rows of three layers")
        #expect(lines[header + 4] == "(seen from above; the front row is the bottom one)")
    }
}
