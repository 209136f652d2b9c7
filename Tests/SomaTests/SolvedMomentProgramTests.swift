@testable import Game
import Polycube
import Solver
import Testing
@testable import Terminal
@testable import App

/// The host's part of the solved moment: it records the solve, tells the screen whether it is a
/// new best and which figure is next, plays that figure on Enter, and stops the clock while the
/// figure menu is open.
@Suite("Screen program: the solved moment, the next figure, the clock under the menu")
struct SolvedMomentProgramTests {
    /// The cube solved but for one piece raised 3 levels straight above its place (a piece with
    /// nothing above it): its number and Space finish the figure.
    static func nearlySolvedCube() throws -> (game: SomaGame, key: Character) {
        let cube = try Catalog.figure(named: "cube")
        let start = SomaGame(figure: cube)
        let solution = try #require(try Solver(cube).firstSolution())
        var unused = solution.pieces.map(\.placement)
        var poses: [Placement] = []
        for piece in start.pieces {
            let k = try #require(unused.firstIndex { $0.piece == piece.letter })
            poses.append(unused.remove(at: k))
        }
        let cells = poses.indices.map { poses[$0].cells(of: start.pieces[$0].shape) }
        let top = try #require(poses.indices.first { i in
            cells[i].allSatisfy { c in
                !poses.indices.contains { j in j != i && cells[j].contains { $0.x == c.x && $0.y == c.y && $0.z > c.z } }
            }
        })
        poses[top].offset = poses[top].offset + Cell(0, 0, 3)
        return (try #require(SomaGame(figure: cube, poses: poses)), Character(String(top + 1)))
    }

    func key(_ character: Character) -> ProgramEvent<ScreenAnswer?> { .input(.key(KeyPress(.character(character)))) }
    let enter: ProgramEvent<ScreenAnswer?> = .input(.key(KeyPress(.enter)))

    func program(progress: Progress = Progress()) throws -> (SomaProgram, Character) {
        let (game, piece) = try Self.nearlySolvedCube()
        var p = SomaProgram(screen: SomaSession(game: game), progress: progress, style: .blocks256, now: 100,
                            menu: FigureMenu.catalog(.soma))
        _ = p.update(.input(.resize(ScreenSize(width: 120, height: 40))), now: 100)
        _ = p.update(.start, now: 100)
        return (p, piece)
    }

    func topLine(_ p: SomaProgram) -> Substring {
        p.view(size: p.size).text.split(separator: "\n", omittingEmptySubsequences: false)[0]
    }

    /// The Soma figure after the cube in the menu: what Enter opens after a first solve.
    var nameAfterCube: String {
        let names = FigureMenu.catalog(.soma).compactMap(\.figure?.name)
        return names[(names.firstIndex(of: "Cube")! + 1) % names.count]
    }

    @Test("a first solve is recorded and names the next figure; the moment ends by its ticks; Enter plays the next figure")
    func firstSolveThenEnter() throws {
        var (p, piece) = try program()
        _ = p.update(key(piece), now: 101)
        _ = p.update(key(" "), now: 102)
        #expect(p.progress.records[RecordKey("Cube", .off)] == FigureRecord(timesSolved: 1, bestSeconds: 0, fewestMoves: 1))
        #expect(p.midend.news == SolveNews(newBest: false, next: nameAfterCube))
        #expect(topLine(p).hasPrefix(" Cube    Solved in 0:00, 1 move. Enter: next figure (\(nameAfterCube))   "), "\(topLine(p))")
        // The moment asks for its frames, and its last tick ends it.
        #expect(abs((p.nextTick(after: 102) ?? 0) - 102.2) < 1e-9)
        _ = p.update(.tick, now: 103.7)
        #expect(p.midend.celebration == nil)
        _ = p.update(enter, now: 104)
        #expect(p.screen.facts.figureName == nameAfterCube)
        #expect(p.screen.game.moves == 0 && !p.screen.game.isComplete)
    }

    @Test("a solve that beats the saved best says New best!")
    func newBest() throws {
        var saved = Progress()
        saved.recordSolve(figure: "Cube", Solved(moves: 40, seconds: 300))
        var (p, piece) = try program(progress: saved)
        _ = p.update(key(piece), now: 101)
        _ = p.update(key(" "), now: 102)
        #expect(p.midend.news?.newBest == true)
        #expect(p.progress.records[RecordKey("Cube", .off)] == FigureRecord(timesSolved: 2, bestSeconds: 0, fewestMoves: 1))
        #expect(topLine(p).contains("Solved in 0:00, 1 move. New best! Enter: next figure ("))
    }

    @Test("the clock stands still while the figure menu is open")
    func menuStopsTheClock() throws {
        var (p, piece) = try program()
        _ = p.update(key(piece), now: 101)
        _ = p.update(.input(.key(KeyPress(.pageUp))), now: 110)     // the clock starts
        _ = p.update(key("m"), now: 120)
        #expect(p.menu != nil)
        _ = p.update(.input(.key(KeyPress(.escape))), now: 500)
        #expect(p.menu == nil)
        _ = p.update(.tick, now: 505)
        #expect(p.midend.clock?.elapsed(now: 505) == 15)
        #expect(topLine(p).contains("moves 1   0:15"), "\(topLine(p))")
    }
}
