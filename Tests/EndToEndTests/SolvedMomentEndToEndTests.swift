import Foundation
import Polycube
import Testing
@testable import Game

/// Issue 12's solved moment, played in a real terminal on the release binary at the two sizes
/// players use: moves are handlings (a planned perfect solve is 7), the moment ends by itself
/// in under 2 s or at a key and leaves the whole figure in view, New best! is said against a
/// worse solve, and Enter opens the next unsolved figure.
@Suite("soma play: the solved moment", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct SolvedMomentEndToEndTests {
    static let sizes = [(80, 24), (120, 40)]

    func lines(_ tmux: Tmux) throws -> [Substring] {
        try tmux.screen().split(separator: "\n", omittingEmptySubsequences: false)
    }

    func topLine(_ tmux: Tmux) throws -> String { String(try lines(tmux).first ?? "") }

    func lastLine(_ tmux: Tmux) throws -> String { String(try lines(tmux).last { !$0.isEmpty } ?? "") }

    @Test("the clock on the status line runs by itself once a move is made (ticks every second, no key needed)")
    func clockTicks() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try Tmux(SomaBinary.command(["play", "--state-file", stateFile, "--assist", "off"]), width: 80, height: 24)
        try #require(tmux.waitForScreen(containing: "moves 0"), "no first frame: \((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "1", "PPage")
        #expect(tmux.waitForScreen(containing: "moves 1   0:00"), "\((try? tmux.screen()) ?? "")")
        #expect(tmux.waitForScreen(containing: "moves 1   0:02", timeout: 5), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("pentominoes: 3x20 solved by keys is 12 moves; the news offers the next board, and Enter opens it")
    func pentominoNextBoard() throws {
        let names = FigureMenu.catalog(.board).compactMap(\.figure?.name)
        let next = names[(try #require(names.firstIndex(of: "3x20 rectangle")) + 1) % names.count]
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try Tmux(SomaBinary.command(["pento", "3x20", "--state-file", stateFile]), width: 80, height: 24)
        try #require(tmux.waitForScreen(containing: "0/12 on the board"), "\((try? tmux.screen()) ?? "")")
        try PentominoTests.typeSolution(of3x20: tmux)
        // The offer is said shorter at 80 columns, a long name cut short.
        #expect(tmux.wait { try topLine(tmux).contains(", 12 moves. Enter: " + next.prefix(10)) },
                "\((try? tmux.screen()) ?? "")")
        print("80x24, 3x20 solved:\n" + (try tmux.screen()))
        // Pentominoes have the solved moment too (issue 33: the midend's, for every game): any
        // key skips it, so Enter waits for its end, as in the Soma game.
        #expect(tmux.wait(timeout: 10) { try !tmux.screen().contains("any key skips") }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "Enter")
        #expect(tmux.wait { try topLine(tmux).hasPrefix(" \(next)   0/") }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a worse solve, then a perfect one: 8 and 7 moves, New best!, the moment ends by itself or at a key, Enter opens the next figure",
          arguments: SolvedMomentEndToEndTests.sizes)
    func solvedMoment(width: Int, height: Int) throws {
        let steps = try #require(try SomaKeyPlanner.cubePlan(width: width, height: height))
        try #require(steps.filter(\.startsMove).count == 7)
        print("\(width)x\(height) plan: " + steps.map { SomaKeyPlanner.tmuxName($0.key) }.joined(separator: " "))
        let names = FigureMenu.catalog(.soma).compactMap(\.figure?.name)
        let next = names[(try #require(names.firstIndex(of: "Cube")) + 1) % names.count]
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try Tmux(SomaBinary.command(["play", "--state-file", stateFile, "--assist", "off"]), width: width, height: height)
        try #require(tmux.waitForScreen(containing: "moves 0"), "no first frame: \((try? tmux.screen()) ?? "")")

        // A wasted move first: V raised and put down again (one handling, one move).
        try tmux.send(keys: "1", "PPage", "Space")
        #expect(tmux.waitForScreen(containing: "moves 1   "), "\((try? tmux.screen()) ?? "")")
        try tmux.type(steps, after: 1)
        // The moment: the bottom line says a key skips it, from the frame that says Solved.
        #expect(tmux.wait { try lastLine(tmux).contains("Solved!   any key skips") }, "\((try? tmux.screen()) ?? "")")
        let began = Date()
        #expect(tmux.wait(timeout: 10) { try !lastLine(tmux).contains("any key skips") }, "it ends by itself")
        print("\(width)x\(height): the solved moment was seen for \(Int(Date().timeIntervalSince(began) * 1000)) ms (it lasts 1700)")
        let first = try topLine(tmux)
        #expect(first.hasPrefix(" Cube    Solved in ") && first.contains(", 8 moves. Enter: next figure (\(next))")
                && !first.contains("New best"), "a first solve: \(first)")
        // The whole figure in view: no box over the picture, every piece in place.
        let picture = try lines(tmux).dropFirst().prefix(height - 2)
        #expect(!picture.contains { $0.contains("┌") || $0.contains("└") || $0.contains("Solved") })
        #expect(try tmux.screen().components(separatedBy: " in place").count - 1 == 7)
        print("\(width)x\(height), solved:\n" + (try tmux.screen()))

        // A new attempt, solved perfectly: 7 moves, a new best. A key skips the moment.
        try tmux.send(keys: "R")
        #expect(tmux.waitForScreen(containing: "moves 0   "), "\((try? tmux.screen()) ?? "")")
        try tmux.type(steps, after: 0)
        // At 80 columns a long name is offered shorter (`Enter: Apartment building`).
        let offer = width >= 120 ? "Enter: next figure (\(next))" : "Enter: \(next)"
        #expect(tmux.wait { try topLine(tmux).contains(", 7 moves. New best! " + offer) }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "x")
        #expect(tmux.wait { try !lastLine(tmux).contains("any key skips") }, "\((try? tmux.screen()) ?? "")")
        #expect(try lastLine(tmux).contains("R: all pieces back for a new attempt"))

        // Enter: the next figure, fresh.
        try tmux.send(keys: "Enter")
        #expect(tmux.wait { try topLine(tmux).hasPrefix(" \(next)   0/7 in place   moves 0   0:00") }, "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        // Both solves are recorded, the best kept.
        let again = try Tmux(SomaBinary.command(["play", "cube", "--state-file", stateFile, "--assist", "off"]), width: width, height: height)
        try #require(again.waitForScreen(containing: "moves 0"), "\((try? again.screen()) ?? "")")
        try again.send(keys: "m")
        #expect(again.waitForScreen(containing: "Soma figures"), "\((try? again.screen()) ?? "")")
        let line = SomaBinary.menuLine(try again.screen(), naming: "cube") ?? ""
        #expect(line.contains("solved, best") && line.contains(" in 7 moves"), "\(line)")
        try again.send(keys: "Escape")
        #expect(again.wait { !(try again.screen().contains("Soma figures")) })
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
    }
}
