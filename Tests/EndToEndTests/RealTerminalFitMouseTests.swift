import Foundation
import Polycube
import Testing
@testable import Game

/// Issue 38's mouse bar in a real terminal: the cube built from `soma solve cube`'s first
/// solution with the default assist, by real X pointer clicks (xdotool) in xterm on Xvfb, on
/// the release binary: a piece's legend entry, then plan cells until it lies where the solution
/// has it (`SomaFitPlanner.clicks`, the plan the tmux test plays). At most 16 gestures, each
/// printed, and after each piece the plan on screen shows it in place.
@Suite("Real terminal: the cube by plan clicks", .timeLimit(.minutes(10)), .serialized,
       .requires(.soma),
       .requires(.xterm))
struct RealTerminalFitMouseTests {
    @Test("the first solution in at most 16 clicks with a real pointer in xterm, at 80x24 and 120x40", arguments: [0, 1])
    func cubeByClicks(size: Int) throws {
        let (width, height) = SomaFitEndToEndTests.sizes[size]
        let cube = SomaFitEndToEndTests.cube
        let solution = try #require(SomaKeyPlanner.firstSolution(of: cube))
        let plan = try #require(SomaFitPlanner.clicks(solving: SomaFitEndToEndTests.mirror(width: width, height: height),
                                                      with: solution, width: width, height: height))
        let pieces = SomaGame(figure: cube).pieces
        let gestures = plan.flatMap { piece, clicks in
            clicks.map { click in
                (click, click.selects.map { "click \(pieces[$0].letter)'s legend entry" } ?? "click plan cell for \(pieces[piece].letter)")
            }
        }
        print("real xterm \(width)x\(height): \(gestures.count) gestures: "
              + gestures.map { "\($0.1) at column \($0.0.column + 1), row \($0.0.row + 1)" }.joined(separator: "; "))
        #expect(gestures.count <= 16)   // issue 38's bar
        let stateFile = SomaBinary.temporaryStateFile()
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("soma-xterm-config-\(UUID().uuidString)").path
        defer { SomaBinary.removeState(stateFile); try? FileManager.default.removeItem(atPath: config) }
        let xterm = try XTerm([SomaBinary.path, "play", "cube", "--state-file", stateFile], columns: width, rows: height,
                              environment: ["XDG_CONFIG_HOME": config])
        try #require(xterm.waitForScreen(containing: "0/7 in place"), "\((try? xterm.screen()) ?? "")")
        #expect(try xterm.screen().split(separator: "\n").first?.contains("judging") == false, "the default judges nothing")
        var placed: [Placement] = []
        for (piece, clicks) in plan {
            for click in clicks {
                let before = Self.belowTopLine(try xterm.screen())
                try xterm.click(at: (click.column, click.row))
                // Each click changes the picture or the bottom line (a selection, a piece put on
                // a fit; the top line's clock changes by itself); a single click is taken once
                // the double click's window has passed, so the next click after the change is a
                // new one, never the second half of a double click.
                #expect(XTerm.poll(timeout: 10) { ((try? xterm.screen()).map(Self.belowTopLine) ?? before) != before },
                        "click at \(click.column),\(click.row) changed nothing")
            }
            placed.append(solution.first { $0.piece == pieces[piece].letter }!)
            var screen = ""
            let shown = XTerm.poll(timeout: 10) {
                screen = (try? xterm.screen()) ?? ""
                guard let letters = SomaFitEndToEndTests.planLetters(screen, width: width, height: height) else { return false }
                return placed.allSatisfy { pose in
                    cube.pieceSet.piece(pose.piece)!.shape.cells.map { pose.orientation.apply($0) + pose.offset }
                        .allSatisfy { letters[$0] == pose.piece }
                }
            }
            #expect(shown, "after \(pieces[piece].letter):\n\(screen)")
        }
        #expect(xterm.waitForScreen(containing: ", 7 moves,"), "\((try? xterm.screen()) ?? "")")
        try xterm.screenshot("\(RealTerminalTests.pictures)/fit-clicks-\(width)x\(height).png")
    }

    /// The screen's text without its top line.
    static func belowTopLine(_ screen: String) -> String {
        String(screen.drop { $0 != "\n" })
    }
}
