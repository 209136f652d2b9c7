@testable import Polycube
import Solver
import Testing
@testable import Game
@testable import Scene

/// Issue 38: placing made easy, knowing left to the player. The default assist offers the fits
/// the geometry allows and judges nothing; judging (`j`) and hints are help the player asks for,
/// right where given (a solvable fit before any dead end, decided here by the solver itself),
/// one ghost per piece, a cycle that says where it is, and a solve that records the help.
@Suite("Judging and cycling fits")
struct JudgingTests {
    let cube = Fixtures.cube

    /// The empty cube and five positions part-way to a solution (three of the first distinct
    /// solution's prefixes, two of the second's).
    func positions() throws -> [[Placement]] {
        let solutions = try Solver(cube).solutions(.distinct, limit: 2).map { $0.pieces.map(\.placement) }
        try #require(solutions.count == 2)
        return [[], Array(solutions[0].prefix(1)), Array(solutions[0].prefix(2)), Array(solutions[0].prefix(4)),
                Array(solutions[1].prefix(3)), Array(solutions[1].prefix(5))]
    }

    /// A game on the cube with `placed` in place (the rest at the start layout).
    func game(_ placed: [Placement], assist: Assist) throws -> SomaGame {
        let start = SomaGame(figure: cube)
        var poses = start.poses
        for pose in placed { poses[start.pieces.firstIndex { $0.letter == pose.piece }!] = pose }
        var game = try #require(SomaGame(figure: cube, poses: poses))
        game.assist = assist
        return game
    }

    @Test("judging on: every piece, on the empty cube and five positions mid-solve, is offered a solvable fit first; c, and a plan cell clicked again, meet every solvable fit before any dead end")
    func solvableFirst() throws {
        let solver = try Solver(cube)
        var piecesWalked = 0, deadEndsSeen = 0, cellsClicked = 0, cubesWalked = 0
        for placed in try positions() {
            let base = try game(placed, assist: .solvable)
            for i in base.pieces.indices where !base.isInPlace(i) {
                var game = base
                game.apply(.select(.index(i)), now: 0)
                let fits = try #require(game.fits)
                let solvable = Set(fits.fits.map(\.placement).filter { solver.isSolvable(placed + [$0]) })
                // Offered first: the ghost on selecting the piece.
                var visited = [try #require(game.ghost)]
                for _ in 1..<fits.count {
                    game.apply(.cycleFit(forward: true), now: 0)
                    visited.append(try #require(game.ghost))
                }
                #expect(Set(visited.map { $0.cells(of: game.pieces[i].shape).sorted() }).count == fits.count,
                        "c goes through every fit of \(game.pieces[i].letter) once")
                let firstDead = visited.firstIndex { !solvable.contains($0) } ?? visited.count
                #expect(firstDead == solvable.count,
                        "\(game.pieces[i].letter) after \(placed.map(\.piece)): \(solvable.count) solvable fits, the first dead end at \(firstDead)")
                if !solvable.isEmpty { #expect(solvable.contains(visited[0])) }
                // A plan cell clicked again and again: the fits covering it, the solvable first.
                if let first = visited.first, solvable.contains(first) {
                    for cell in first.cells(of: game.pieces[i].shape) {
                        var clicked = base
                        clicked.apply(.select(.index(i)), now: 0)
                        let covering = fits.covering(cell).map { fits.fits[$0].placement }
                        var met: [Placement] = []
                        for _ in covering.indices {
                            clicked.apply(.putOnFit(covering: cell), now: 0)
                            met.append(try #require(clicked.ghost))
                        }
                        #expect(Set(met) == Set(covering), "clicks on \(cell) meet every fit covering it once")
                        let live = covering.filter(solvable.contains).count
                        #expect((met.firstIndex { !solvable.contains($0) } ?? met.count) == live,
                                "\(game.pieces[i].letter) on \(cell): \(live) solvable fits before any dead end")
                        cellsClicked += 1
                    }
                }
                // The game's own marks agree with the solver.
                #expect(fits.fits.filter { !$0.deadEnd }.count == solvable.count)
                piecesWalked += 1
                cubesWalked += game.pieces[i].shape.cells.count
                deadEndsSeen += fits.count - solvable.count
            }
        }
        #expect(piecesWalked == 7 + 6 + 5 + 3 + 4 + 2)
        #expect(deadEndsSeen > 0, "the walk met dead ends to put last")
        #expect(cellsClicked == cubesWalked, "every cell of each piece's first fit was clicked")
    }

    @Test("the default assist is fits, and in it nothing says whether a fit can still lead to a solution")
    func defaultJudgesNothing() throws {
        #expect(Settings().assist == .fits)
        var s = SomaSession(figure: cube)
        s.assist = Settings().assist
        s.handle(.character("2"), now: 0)   // P: on the empty cube some of its fits are dead ends
        let p = try #require(s.game.selection)
        let fits = try #require(s.game.fits)
        #expect(!fits.fits.contains { $0.deadEnd })
        for _ in 0..<fits.count {
            s.handle(.character("c"), now: 0)
            #expect(s.game.feedback?.message.contains("ead end") != true)
            #expect(!s.status.afterClock.contains { $0.contains("judging") })
            let text = s.view(width: 120, height: 40, now: 0, style: .ascii, lit: nil).text
            #expect(!text.lowercased().contains("dead end"))
        }
        // Putting P on a dead end (checked with the solver) says nothing of it.
        let solver = try Solver(cube)
        let dead = try #require(fits.fits.firstIndex { !solver.isSolvable([$0.placement]) })
        var game = s.game
        while game.ghost != fits.fits[dead].placement { game.apply(.cycleFit(forward: true), now: 0) }
        game.apply(.place, now: 1)
        #expect(game.cells(ofPiece: p).sorted() == fits.fits[dead].cells)
        #expect(game.feedback == nil)
        #expect(game.helpLabels.isEmpty)
    }

    @Test("j switches judging on and off, the top line says it, and the solve is recorded under it")
    func judgingSwitch() throws {
        var s = SomaSession(figure: cube)
        s.assist = .fits
        #expect(s.status.afterClock == [])
        s.handle(.character("j"), now: 0)
        #expect(s.game.assist == .solvable)
        #expect(s.status.afterClock == ["judging on"])
        #expect(s.game.feedback == .note("Judging on: solvable fits first, dead ends named; the solve records it"))
        s.handle(.character("j"), now: 0)
        #expect(s.game.assist == .fits)
        #expect(s.status.afterClock == [])
        // Switched off again, the attempt still had it: the solve is a helped one.
        #expect(s.game.recordedAssist == .solvable)
        #expect(s.helpLines.contains(HelpLine("h/j", "hint; judging on/off")))
    }

    @Test("after h, the hinted piece selected and put lands on the hint's fit, with one ghost in plan and picture")
    func hintedPieceLandsOnHint() throws {
        for selectedFirst in [false, true] {
            var game = SomaGame(figure: cube)
            game.assist = .fits
            let effects = game.apply(.hint, now: 0)
            guard case .computeHint(let request) = try #require(effects.first) else { Issue.record("no hint request"); return }
            let result = try #require(request.run())
            let suggestion = try #require(result.suggestion)
            let i = try #require(game.pieces.firstIndex { $0.letter == suggestion.piece })
            let place = suggestion.cells(of: game.pieces[i].shape).sorted()
            if selectedFirst {
                game.apply(.select(.index(i)), now: 0)
                game.apply(.hintArrived(result), now: 0)
            } else {
                game.apply(.hintArrived(result), now: 0)
                game.apply(.select(.index(i)), now: 0)
            }
            #expect(game.ghost.map { $0.cells(of: game.pieces[i].shape).sorted() } == place)
            // One place for the piece: the hint is not drawn beside its ghost.
            #expect(game.shownHint == nil)
            let plan = SomaPlan(game: game)
            #expect(!plan.marks.values.contains { if case .hinted = $0 { true } else { false } })
            #expect(plan.marks.filter { if case .ghost = $0.value { true } else { false } }.keys.sorted() == place)
            let model = game.sceneModel(letters: false, lit: nil)
            #expect(!model.pieces.contains { $0.id == SceneObjectID.hint.id })
            game.apply(.drop, now: 1)
            #expect(game.cells(ofPiece: i).sorted() == place)
            #expect(game.hintsTaken == 1)
        }
    }

    @Test("by keys, as a player does: h, the hinted piece's number, Space; it lands on the hint's fit, on the empty cube and mid-solve")
    func hintedPieceByKeys() throws {
        for placed in try positions() {
            let base = try game(placed, assist: .fits)
            var session = SomaSession(game: base)
            session.assist = .fits
            var m = Played(session)
            let effects = m.handle(.character("h"), now: 1)
            guard case .computeHint(let request) = try #require(effects.first(where: {
                if case .computeHint = $0 { true } else { false }
            })) else { Issue.record("no hint request"); return }
            let result = try #require(request.run())
            m.midend.receive(.hint(result), now: 2)
            let suggestion = try #require(result.suggestion)
            let i = try #require(base.pieces.firstIndex { $0.letter == suggestion.piece })
            #expect(!base.isInPlace(i), "the hint names a piece still to place")
            let place = suggestion.cells(of: base.pieces[i].shape).sorted()
            m.handle(.character(Character(String(i + 1))), now: 3)
            #expect(m.game.selection == i)
            #expect(m.game.ghost.map { $0.cells(of: base.pieces[i].shape).sorted() } == place, "the ghost is the hint")
            m.handle(.character(" "), now: 4)
            #expect(m.game.cells(ofPiece: i).sorted() == place, "\(suggestion.piece) after \(placed.map(\.piece))")
            #expect(m.game.hintsTaken == 1)
            #expect(try Solver(cube).isSolvable(placed + [suggestion]), "the hint's fit keeps the figure solvable")
        }
    }

    @Test("the hint counts as soma solve does on the empty cube: 240 distinct solutions")
    func hintCount() throws {
        var game = SomaGame(figure: cube)
        game.assist = .fits
        guard case .computeHint(let request) = try #require(game.apply(.hint, now: 0).first) else { Issue.record("no request"); return }
        let result = try #require(request.run())
        #expect(result.completions == 240 && result.distinct && !result.reachedLimit)
        #expect(result.remaining == "240 distinct solutions")
        game.apply(.hintArrived(result), now: 0)
        #expect(game.feedback == .note("Hint: try \(result.suggestion!.piece) where its ghost is (240 distinct solutions; Esc hides it)"))
    }

    @Test("the bottom line says fit k of n; c and C cycle both ways; a plan cell clicked again cycles its fits")
    func fitCount() throws {
        var s = SomaSession(figure: cube)
        s.assist = .fits
        s.handle(.character("1"), now: 0)   // V: 144 fits on the empty cube
        #expect(s.status.fit == "fit 1 of 144")
        s.handle(.character("c"), now: 0)
        #expect(s.status.fit == "fit 2 of 144")
        s.handle(.character("c"), now: 0)
        #expect(s.status.fit == "fit 3 of 144")
        s.handle(.character("C"), now: 0)
        s.handle(.character("C"), now: 0)
        #expect(s.status.fit == "fit 1 of 144")
        s.handle(.character("C"), now: 0)
        #expect(s.status.fit == "fit 144 of 144")
        let text = s.view(width: 120, height: 40, now: 0, style: .ascii, lit: nil).text
        _ = text
        // A plan click: the fits covering that cell, counted apart.
        var game = s.game
        let corner = Cell(0, 0, 0)
        let covering = try #require(game.fits).covering(corner).count
        game.apply(.putOnFit(covering: corner), now: 1)
        #expect(game.fitPosition! == (1, covering))
        game.apply(.putOnFit(covering: corner), now: 1)
        #expect(game.fitPosition! == (2, covering))
        game.apply(.cycleFit(forward: false), now: 1)
        #expect(game.fitPosition! == (1, covering))
    }

    @Test("a cycle meets the fits lying as the piece does first, then those a larger turn away")
    func nearestOrientationFirst() throws {
        var game = SomaGame(figure: cube)
        game.assist = .fits
        game.apply(.select(.letter("L")), now: 0)
        let l = try #require(game.selection)
        let fits = try #require(game.fits)
        let lying = game.poses[l].orientation
        var distances = [Fits.turnDistance(lying, try #require(game.ghost).orientation)]
        for _ in 1..<fits.count {
            game.apply(.cycleFit(forward: true), now: 0)
            distances.append(Fits.turnDistance(lying, try #require(game.ghost).orientation))
        }
        #expect(distances.dropFirst() == distances.dropFirst().sorted()[...])
        #expect(distances.first == 0)
        #expect(Set(distances) == [0, 2, 3, 4])
    }

    @Test("a solve with a hint says so on the solved line and in the figure menu's record, ranked under solvable")
    func solveRecordsHelp() throws {
        let solution = try #require(try Solver(cube).firstSolution()).pieces.map(\.placement)
        var game = try game(Array(solution.prefix(6)), assist: .fits)
        guard case .computeHint(let request) = try #require(game.apply(.hint, now: 0).first) else { Issue.record("no request"); return }
        game.apply(.hintArrived(try #require(request.run())), now: 0)
        game.apply(.select(.letter(solution[6].piece)), now: 0)
        var played = Played(game)                     // the midend keeps the clock and the solve
        played.apply(.drop, now: 65)
        let solved = try #require(played.midend.solve)
        #expect(solved == Solved(moves: 1, seconds: 0, assist: .fits, hints: 1))
        #expect(solved.rankedAssist == .solvable)
        #expect(Panels.solvedNews(solved) == "Solved in 0:00, 1 move, 1 hint.")
        var progress = Progress()
        let name = try Catalog.entry(named: "cube").figure.name
        progress.recordSolve(figure: name, solved)
        #expect(progress.records[RecordKey(name, .solvable)]?.timesSolved == 1, "a hint ranks the solve with the helped ones")
        #expect(FigureMenu(progress: progress).view(width: 100, height: 30).text.contains("solved with help, best 0:00 in 1 move"))
        // A plain solve says so too, and the menu no longer says "with help".
        var plain = try self.game(Array(solution.prefix(6)), assist: .fits)
        plain.apply(.select(.letter(solution[6].piece)), now: 0)
        var playedPlain = Played(plain)
        playedPlain.apply(.drop, now: 5)
        let unaided = try #require(playedPlain.midend.solve)
        #expect(unaided.assist == .fits && unaided.hints == 0)
        #expect(Panels.solvedNews(unaided) == "Solved in 0:00, 1 move, unaided.")
        progress.recordSolve(figure: name, unaided)
        #expect(progress.records[RecordKey(name, .fits)]?.timesSolved == 1)
        #expect(FigureMenu(progress: progress).view(width: 100, height: 30).text.contains("solved, best 0:00 in 1 move"))
    }
}
