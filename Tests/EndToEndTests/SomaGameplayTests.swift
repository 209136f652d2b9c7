import Foundation
import Polycube
import Testing
@testable import Game

/// Playing `soma play` as a user would, in a real terminal (tmux): solving the cube by keys,
/// orbiting and zooming the view with the mouse, undoing, the figure menu.
@Suite("soma play: gameplay", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct SomaGameplayTests {
    let width = 100, height = 36

    /// Starts `soma play` (with a fresh progress file, so the start layout is the canonical one)
    /// and waits for the first frame.
    func start(_ arguments: [String] = ["play"], stateFile: String, environment: String = "") throws -> Tmux {
        let began = Date()
        // Step by step (`--assist off`): these tests move pieces key by key.
        let tmux = try Tmux(environment + SomaBinary.command(arguments + ["--state-file", stateFile, "--assist", "off"]),
                            width: width, height: height)
        try #require(tmux.waitForScreen(containing: "moves 0"), "no first frame: \((try? tmux.screen()) ?? "")")
        print("soma play: first frame after \(Int(Date().timeIntervalSince(began) * 1000)) ms (polled every 50 ms)")
        return tmux
    }

    /// The status line says exactly `n` moves.
    func showsMoves(_ tmux: Tmux, _ n: Int) -> Bool {
        tmux.wait { (try tmux.screen().split(separator: "\n").first ?? "").contains("moves \(n)   ") }
    }

    /// The rows between the status line and the feedback line: the picture and the legend.
    func picture(_ tmux: Tmux) throws -> [Substring] {
        let lines = try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)
        return Array(lines.dropFirst().prefix(height - 2))
    }

    @Test("the cube solved by keys alone (the solver's first solution, planned through the camera) shows Solved")
    func solveByKeys() throws {
        // The plan is computed here with the game's own rules (SomaKeyPlanner, test support) for
        // the start layout `soma play cube` shows, then typed into the real binary.
        let steps = try #require(try SomaKeyPlanner.cubePlan()).map {
            (key: SomaKeyPlanner.tmuxName($0.key), startsMove: $0.startsMove)
        }
        try #require(steps.count > 7)
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try start(stateFile: stateFile)
        var moves = 0
        var batch: [String] = []
        // A move is one handling of a piece: the count goes up at each piece's first key.
        func flush(last: Bool = false) throws {
            guard !batch.isEmpty else { return }
            try tmux.tmux(["send-keys", "-t", tmux.target] + batch)
            batch = []
            if !last { #expect(showsMoves(tmux, moves), "after \(moves) moves: \((try? tmux.screen()) ?? "")") }
        }
        for step in steps {
            batch.append(step.key)
            if step.startsMove { moves += 1 }
            if batch.count == 12 { try flush() }
        }
        try flush(last: true)
        #expect(moves == 7)
        #expect(tmux.waitForScreen(containing: ", 7 moves."), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().split(separator: "\n").first?.hasPrefix(" Cube    Solved in ") == true)
        // The solved moment takes the first key (to skip it): wait for it to end before quitting.
        #expect(tmux.wait { !(try tmux.screen().contains("any key skips")) }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        // The solve is recorded: started again, the figure menu lists the cube as solved.
        let again = try start(stateFile: stateFile)
        try again.send(keys: "m")
        #expect(again.waitForScreen(containing: "Soma figures"), "\((try? again.screen()) ?? "")")
        let line = SomaBinary.menuLine(try again.screen(), naming: "cube") ?? ""
        #expect(line.contains("solved, best") && line.contains(" in \(moves) moves"), "the solve is recorded: \(line)")
        try again.send(keys: "Escape")
        #expect(showsMoves(again, 0))
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
    }

    @Test("a drag that starts off the pieces orbits the view and moves no piece")
    func dragOrbits() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try start(stateFile: stateFile)
        let before = try picture(tmux)
        // The top left corner of the picture is empty space.
        try tmux.sendMouse(0, column: 3, row: 3)
        for column in stride(from: 5, through: 31, by: 2) { try tmux.sendMouse(32, column: column, row: 3 + column / 8) }
        try tmux.sendMouse(0, column: 31, row: 6, final: "m")
        #expect(tmux.wait { try picture(tmux) != before }, "the view turned")
        let screen = try tmux.screen()
        #expect(screen.contains("moves 0   ") && screen.contains("0/7 in place"), "\(screen)")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("the wheel zooms the picture; u undoes a move and the picture is exactly as before")
    func wheelZoomAndUndo() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try start(stateFile: stateFile)
        let unzoomed = try picture(tmux)
        for _ in 0..<3 { try tmux.sendMouse(64, column: 40, row: 18) }
        #expect(tmux.wait { try picture(tmux) != unzoomed }, "the wheel zoomed")
        #expect(try tmux.screen().contains("moves 0   "))

        try tmux.send(keys: "1")
        #expect(tmux.waitForScreen(containing: ">1 "), "piece 1 selected")
        let before = try picture(tmux)
        try tmux.send(keys: "Right")
        #expect(showsMoves(tmux, 1))
        #expect(try picture(tmux) != before, "the piece moved")
        try tmux.send(keys: "u")
        #expect(tmux.wait { try picture(tmux) == before }, "undo restores the picture: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("m opens the figure menu (catalog and the player's folder, unreadable files listed); choosing bathtub plays it")
    func figureMenu() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-\(UUID().uuidString)").path
        defer {
            SomaBinary.removeState(stateFile)
            try? FileManager.default.removeItem(atPath: config)
        }
        try FileManager.default.createDirectory(atPath: config + "/soma/figures", withIntermediateDirectories: true)
        try "name: My Steps\n\n#####\n#####\n####.\n\n#####\n#####\n###..\n"
            .write(toFile: config + "/soma/figures/steps.txt", atomically: true, encoding: .utf8)
        try "name: Broken\n\n##x\n".write(toFile: config + "/soma/figures/broken.txt", atomically: true, encoding: .utf8)
        let tmux = try start(stateFile: stateFile, environment: "XDG_CONFIG_HOME='\(config)' ")
        try tmux.send(keys: "1", "Right")   // a position in the cube, to be kept
        #expect(showsMoves(tmux, 1))
        try tmux.send(keys: "m")
        #expect(tmux.waitForScreen(containing: "Soma figures"), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains(">  cube"), "the cursor starts on the figure being played")
        // Walk down to bathtub (the list scrolls to follow the cursor).
        var found = false
        for _ in 0..<60 where !found {
            if try tmux.screen().contains(">  bathtub") { found = true; break }
            let before = try tmux.screen()
            try tmux.send(keys: "Down")
            _ = tmux.wait { try tmux.screen() != before }
        }
        try #require(found, "bathtub is listed: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "Enter")
        #expect(tmux.wait { (try tmux.screen().split(separator: "\n").first ?? "").contains("Bathtub") },
                "\((try? tmux.screen()) ?? "")")
        #expect(showsMoves(tmux, 0))

        // The player's folder: the good file plays, the broken one is listed with its problem.
        try tmux.send(keys: "m")
        #expect(tmux.waitForScreen(containing: "Soma figures"))
        // (The new figures come first: the player's folder is at the end of the list.)
        for _ in 0..<40 { try tmux.send(keys: "Down") }
        #expect(tmux.waitForScreen(containing: "Your figures"), "\((try? tmux.screen()) ?? "")")
        #expect(tmux.waitForScreen(containing: "steps.txt"), "\((try? tmux.screen()) ?? "")")
        #expect(tmux.waitForScreen(containing: "broken.txt"))
        #expect(try tmux.screen().contains("cannot be read"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "Escape")
        #expect(tmux.wait { (try tmux.screen().split(separator: "\n").first ?? "").contains("Bathtub") })
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        // The cube position left for the menu is kept: started again on the cube, it resumes.
        let again = try Tmux(SomaBinary.command(["play", "--state-file", stateFile, "--assist", "off"]), width: width, height: height)
        #expect(showsMoves(again, 1), "the cube position is kept: \((try? again.screen()) ?? "")")
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
    }

    @Test("soma play FILE plays a figure file")
    func playFile() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-\(UUID().uuidString).figure").path
        defer {
            SomaBinary.removeState(stateFile)
            try? FileManager.default.removeItem(atPath: file)
        }
        try "name: Flat Steps\n\n#########\n#########\n#########\n".write(toFile: file, atomically: true, encoding: .utf8)
        let tmux = try start(["play", file], stateFile: stateFile)
        #expect(try tmux.screen().contains("Flat Steps"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }
}
