@testable import Game
import Polycube
@testable import Scene
import Testing
@testable import Terminal
@testable import App

/// The pentomino game in the terminal program (`ScreenProgram<PentominoSession>`): terminal input
/// through the touch synthesizer and the gesture core to the game, the solver through `.perform`,
/// a solution shown on ticks.
@Suite("PentominoProgram")
struct PentominoProgramTests {
    static let size = ScreenSize(width: 80, height: 24)

    func program() throws -> PentominoProgram {
        let board = try Catalog.figure(named: "6x10")
        return PentominoProgram(screen: PentominoSession(board: board), progress: Progress(), style: .blocks256, now: 0,
                                hintSolver: { request, control in request.run(control: control) })
    }

    func mouse(_ action: MouseAction, _ cell: Cell, in p: PentominoProgram) -> ProgramEvent<ScreenAnswer?> {
        let at = p.screen.screenPosition(of: cell, width: Self.size.width, height: Self.size.height)
        return .input(.mouse(MouseEvent(action, action == .release ? .none : .left, column: at.column, row: at.row)))
    }

    /// Presses on `from`, drags one square at a time to `to` (0.1 s apart), releases there.
    func drag(_ p: inout PentominoProgram, from: Cell, to: Cell, keysWhileDragging: [Key] = []) {
        var now = 1.0
        _ = p.update(mouse(.press, from, in: p), now: now)
        var at = from
        while at != to {
            at = Cell(at.x + (to.x - at.x).signum(), at.y + (to.y - at.y).signum(), 0)
            now += 0.1
            _ = p.update(mouse(.drag, at, in: p), now: now)
        }
        for key in keysWhileDragging { _ = p.update(.input(.key(KeyPress(key))), now: now) }
        _ = p.update(mouse(.release, at, in: p), now: now + 0.1)
    }

    @Test("a mouse drag from a tile's own square carries it; from its empty bounding-box corner it does nothing")
    func dragOwnSquaresOnly() throws {
        var p = try program()
        let v = p.screen.game.tiles.firstIndex { $0.letter == "V" }!
        let cells = p.screen.game.cells(ofTile: v)
        let xs = cells.map(\.x), ys = cells.map(\.y)
        let corner = [Cell(xs.min()!, ys.min()!, 0), Cell(xs.max()!, ys.min()!, 0),
                      Cell(xs.min()!, ys.max()!, 0), Cell(xs.max()!, ys.max()!, 0)].first { !cells.contains($0) }!
        let before = p.screen.game
        drag(&p, from: corner, to: corner + Cell(3, 0, 0))
        #expect(p.screen.game.poses == before.poses)
        #expect(p.screen.game.lifted == nil)
        // From one of its squares it is carried, and an illegal drop sends it back.
        drag(&p, from: cells[0], to: cells[0] + Cell(2, 0, 0))
        #expect(p.screen.game.poses == before.poses)
        #expect(p.screen.game.bounced == v)
        #expect(p.screen.game.feedback?.isRefusal == true)
    }

    @Test("Space while dragging turns the tile in hand; Esc cancels the drag and the tile goes back")
    func spaceAndEscape() throws {
        var p = try program()
        let t = p.screen.game.tiles.firstIndex { $0.letter == "T" }!
        let cells = p.screen.game.cells(ofTile: t)
        _ = p.update(mouse(.press, cells[0], in: p), now: 1)
        _ = p.update(mouse(.drag, cells[0] + Cell(1, 0, 0), in: p), now: 1.1)
        _ = p.update(mouse(.drag, cells[0] + Cell(2, 0, 0), in: p), now: 1.2)
        #expect(p.screen.game.lifted == t)
        let held = p.screen.game.cells(ofTile: t)
        _ = p.update(.input(.key(KeyPress(.character(" ")))), now: 1.3)
        #expect(p.screen.game.lifted == t)
        #expect(Shape(p.screen.game.cells(ofTile: t)) == Shape(held.map(Axis.z.rotation(quarterTurns: -1).apply)))
        _ = p.update(.input(.key(KeyPress(.escape))), now: 1.4)
        #expect(p.screen.game.lifted == nil)
        #expect(p.screen.game.cells(ofTile: t) == cells)
        #expect(p.screen.game.moves == 0)
    }

    @Test("h runs the hint through .perform; the message brings its answer to the screen")
    func hintThroughPerform() throws {
        var p = try program()
        let effects = p.update(.input(.key(KeyPress(.character("h")))), now: 1)
        guard case .perform(let work) = try #require(effects.first) else { Issue.record("no .perform"); return }
        _ = p.update(.message(work()), now: 2)
        #expect(p.view(size: Self.size).text.contains("solutions, turns counted apart"))
    }

    @Test("a second h supersedes the hint in flight: the first search is told to stop and its answer is dropped")
    func newHintCancelsTheOneInFlight() throws {
        let board = try Catalog.figure(named: "6x10")
        // A solver that answers only when it was not told to stop, as the real search does.
        var p = PentominoProgram(screen: PentominoSession(board: board), progress: Progress(), style: .blocks256, now: 0,
                                 hintSolver: { request, control in
                                     control.isCancelled() ? nil : HintResult(fixed: request.fixed, completions: 7,
                                                                              reachedLimit: false, suggestion: nil)
                                 })
        let first = p.update(.input(.key(KeyPress(.character("h")))), now: 1)
        let second = p.update(.input(.key(KeyPress(.character("h")))), now: 1.1)
        guard case .perform(let stale)? = first.first, case .perform(let latest)? = second.first else {
            Issue.record("each h asks for a search: \(first) \(second)")
            return
        }
        #expect(stale() == nil, "the first search sees it was superseded")
        #expect(p.update(.message(nil), now: 1.2).isEmpty)
        #expect(!p.view(size: Self.size).text.contains("solutions, turns counted apart"))
        let answer = latest()
        #expect(answer != nil)
        _ = p.update(.message(answer), now: 1.3)
        #expect(p.view(size: Self.size).text.contains("7 solutions, turns counted apart"), "\(p.view(size: Self.size).text)")
    }

    @Test("s shows a solution: solver answers through .perform, one tile per tick until the board is full")
    func playbackTicks() throws {
        var p = try program()
        var effects = p.update(.input(.key(KeyPress(.character("s")))), now: 1)
        var now = 1.0, rounds = 0
        while !p.screen.game.isComplete, rounds < 100 {
            for effect in effects {
                if case .perform(let work) = effect { effects = p.update(.message(work()), now: now) }
            }
            now = try #require(p.nextTick(after: now))
            effects = p.update(.tick, now: now)
            rounds += 1
        }
        #expect(p.screen.game.isComplete)
        #expect(p.view(size: Self.size).text.contains("Solved by the solver"))
    }
}
