import Foundation
import Polycube
import Testing
@testable import Game

/// The plan cursor on the release binary (issue 24): `p`, arrows and PgUp/PgDn over the plan,
/// Enter puts the selected piece on a fit covering the cell; the cube built from `soma solve
/// cube`'s first solution so, at 80x24 and 120x40, each piece shown in its cells by the plan.
@Suite("soma play: the plan cursor", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct PlanCursorEndToEndTests {
    @Test("the cube by the plan cursor, each piece shown where the solution has it", arguments: [0, 1])
    func cubeByCursor(size: Int) throws {
        let (width, height) = SomaFitEndToEndTests.sizes[size]
        let solution = try #require(SomaKeyPlanner.firstSolution(of: SomaFitEndToEndTests.cube))
        let plan = try #require(SomaFitPlanner.cursorKeys(solving: SomaFitEndToEndTests.mirror(width: width, height: height),
                                                          with: solution))
        let total = plan.map(\.steps.count).reduce(0, +)
        print("plan cursor at \(width)x\(height): \(total) keystrokes: "
              + plan.map { $0.steps.map(SomaKeyPlanner.tmuxName).joined(separator: " ") }.joined(separator: " | "))
        let stateFile = SomaBinary.temporaryStateFile()
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-\(UUID().uuidString)").path
        defer { SomaBinary.removeState(stateFile); try? FileManager.default.removeItem(atPath: config) }
        let fit = SomaFitEndToEndTests()
        let tmux = try fit.start(width: width, height: height, stateFile: stateFile, config: config)
        let pieces = SomaGame(figure: SomaFitEndToEndTests.cube).pieces
        var placed: [Placement] = []
        for (n, (piece, keys)) in plan.enumerated() {
            try tmux.tmux(["send-keys", "-t", tmux.target] + keys.map { $0 == .enter ? "Enter" : SomaKeyPlanner.tmuxName($0) })
            if n == 0 {
                #expect(tmux.waitForScreen(containing: "p: hide   "), "\((try? tmux.screen()) ?? "")")
            }
            placed.append(solution.first { $0.piece == pieces[piece].letter }!)
            #expect(fit.showsPlaced(tmux, placed, width: width, height: height),
                    "after \(pieces[piece].letter): \((try? tmux.screen()) ?? "")")
        }
        #expect(tmux.waitForScreen(containing: ", 7 moves,"), "\((try? tmux.screen()) ?? "")")
        #expect(tmux.wait { !(try tmux.screen().contains("any key skips")) })
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }
}
