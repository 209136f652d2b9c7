import Foundation
import Polycube
import Testing
@testable import Game

/// The cube built from `soma solve cube`'s first solution with the default assist (issue 24): by
/// keys in at most 40 keystrokes, by mouse in at most 14 gestures, at 80x24 and 120x40, on the
/// release binary in tmux; after each piece the plan on screen shows it where the solution has it.
@Suite("soma play: placing by fit", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct SomaFitEndToEndTests {
    static let cube = try! Catalog.figure(named: "cube")
    static let sizes = [(80, 24), (120, 40)]

    /// The session the binary shows, mirrored: the cube's start layout, the default assist, the
    /// terminal's size (the arrows act through the camera fitted to it).
    static func mirror(width: Int, height: Int) -> SomaSession {
        var session = SomaSession(figure: cube)
        session.assist = Settings().assist
        session.resize(width: width, height: height)
        return session
    }

    /// Starts `soma play` with fresh progress and no settings file (the default assist).
    func start(width: Int, height: Int, stateFile: String, config: String) throws -> Tmux {
        let tmux = try Tmux("XDG_CONFIG_HOME='\(config)' " + SomaBinary.command(["play", "--state-file", stateFile]),
                            width: width, height: height)
        try #require(tmux.waitForScreen(containing: "moves 0"), "no first frame: \((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().split(separator: "\n").first?.contains("judging") == false, "the default judges nothing")
        return tmux
    }

    /// The letters the plan panel shows for the cube's cells, read from the screen text: the
    /// panel's title is found on screen and its cells laid out as `SomaPlan.layout` lays them.
    static func planLetters(_ screen: String, width: Int, height: Int) -> [Cell: Character]? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        guard let titleRow = lines.firstIndex(where: { String($0).contains(SomaPlan.title) }) else { return nil }
        let titleColumn = String(lines[titleRow]).range(of: SomaPlan.title).map {
            String(lines[titleRow])[..<$0.lowerBound].count
        }!
        let plan = SomaPlan(game: SomaGame(figure: cube))
        let (cellWidth, perBand) = plan.layout(width: width - titleColumn, height: height - 1 - titleRow)
        var letters: [Cell: Character] = [:]
        for cell in cube.cells {
            guard let at = plan.offset(of: cell, cellWidth: cellWidth, perBand: perBand) else { return nil }
            let row = titleRow + at.row, column = titleColumn + at.column
            guard row < lines.count, column < lines[row].count else { return nil }
            letters[cell] = lines[row][column]
        }
        return letters
    }

    /// True once the plan on screen shows every piece of `placed` in its cells.
    func showsPlaced(_ tmux: Tmux, _ placed: [Placement], width: Int, height: Int) -> Bool {
        tmux.wait {
            guard let letters = Self.planLetters(try tmux.screen(), width: width, height: height) else { return false }
            return placed.allSatisfy { pose in
                Self.cube.pieceSet.piece(pose.piece)!.shape.cells.map { pose.orientation.apply($0) + pose.offset }
                    .allSatisfy { letters[$0] == pose.piece }
            }
        }
    }

    @Test("by keys: the first solution in at most 20 keystrokes, each piece shown in place", arguments: [0, 1])
    func byKeys(size: Int) throws {
        let (width, height) = Self.sizes[size]
        let solution = try #require(SomaKeyPlanner.firstSolution(of: Self.cube))
        let plan = try #require(SomaFitPlanner.keys(solving: Self.mirror(width: width, height: height), with: solution))
        let total = plan.map(\.steps.count).reduce(0, +)
        print("keys at \(width)x\(height): \(total) keystrokes: "
              + plan.map { "\($0.steps.map(SomaKeyPlanner.tmuxName).joined(separator: " "))" }.joined(separator: " | "))
        #expect(total <= 20)   // issue 38's bar
        let stateFile = SomaBinary.temporaryStateFile()
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-\(UUID().uuidString)").path
        defer { SomaBinary.removeState(stateFile); try? FileManager.default.removeItem(atPath: config) }
        let tmux = try start(width: width, height: height, stateFile: stateFile, config: config)
        let pieces = SomaGame(figure: Self.cube).pieces
        var placed: [Placement] = []
        for (piece, keys) in plan {
            try tmux.tmux(["send-keys", "-t", tmux.target] + keys.map { $0 == .character(" ") ? "Space" : SomaKeyPlanner.tmuxName($0) })
            placed.append(solution.first { $0.piece == pieces[piece].letter }!)
            #expect(showsPlaced(tmux, placed, width: width, height: height),
                    "after \(pieces[piece].letter): \((try? tmux.screen()) ?? "")")
        }
        #expect(tmux.waitForScreen(containing: ", 7 moves,"), "\((try? tmux.screen()) ?? "")")
        #expect(tmux.wait { !(try tmux.screen().contains("any key skips")) })
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        // The solve is kept under the assist it used (fits, the default: no hint, no judging), and
        // `soma scores` ranks it so.
        let scores = try Tmux.run([SomaBinary.path, "scores", "--state-file", stateFile])
        let rows = scores.output.split(separator: "\n").map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
        #expect(rows == ["figure assist", "cube fits"], "\(scores.output)")
    }

    @Test("by mouse: the first solution in at most 16 clicks (legend, then plan cells), each piece shown in place",
          arguments: [0, 1])
    func byMouse(size: Int) throws {
        let (width, height) = Self.sizes[size]
        let solution = try #require(SomaKeyPlanner.firstSolution(of: Self.cube))
        let plan = try #require(SomaFitPlanner.clicks(solving: Self.mirror(width: width, height: height), with: solution,
                                                      width: width, height: height))
        let total = plan.map(\.steps.count).reduce(0, +)
        print("mouse at \(width)x\(height): \(total) gestures: " + plan.map { "\($0.piece):\($0.steps.count)" }.joined(separator: " "))
        #expect(total <= 16)   // issue 38's bar: the fits cycle all of a piece's places now
        let stateFile = SomaBinary.temporaryStateFile()
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-\(UUID().uuidString)").path
        defer { SomaBinary.removeState(stateFile); try? FileManager.default.removeItem(atPath: config) }
        let tmux = try start(width: width, height: height, stateFile: stateFile, config: config)
        let hand = MouseHand(tmux, seed: 24)
        let pieces = SomaGame(figure: Self.cube).pieces
        var placed: [Placement] = []
        for (piece, clicks) in plan {
            for click in clicks {
                let before = try tmux.screen()
                try hand.tap(at: SomaMousePlanner.ScreenCell(column: click.column, row: click.row))
                // Each click changes the screen (a selection, a piece put on a fit): wait for it, so
                // two clicks are never read as a double click.
                #expect(tmux.wait { try tmux.screen() != before }, "click \(click) changed nothing")
                Thread.sleep(forTimeInterval: 0.35)   // past the double-click window: a new click
            }
            placed.append(solution.first { $0.piece == pieces[piece].letter }!)
            #expect(showsPlaced(tmux, placed, width: width, height: height),
                    "after \(pieces[piece].letter): \((try? tmux.screen()) ?? "")")
        }
        #expect(tmux.waitForScreen(containing: ", 7 moves,"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        _ = tmux.wait { try tmux.exitStatus() != nil || tmux.screen().contains("any key skips") }
        if try tmux.exitStatus() == nil { try tmux.send(keys: "q") }
        #expect(tmux.waitForExit() == 0)
    }
}
