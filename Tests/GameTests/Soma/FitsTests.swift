import Polycube
import Solver
import Testing
@testable import Game

/// The assist's fits: every placement of a piece that fits the empty cells, as the solver's
/// options filtered by occupancy, checked against placements enumerated by brute force (every
/// rotation at every offset).
@Suite("Fits")
struct FitsTests {
    let cube = Fixtures.cube

    /// Every placement of `piece` (every rotation of the set, every offset putting a cube on a
    /// figure cell) lying wholly in `empty`, as sorted cell lists: the brute-force answer.
    static func bruteForce(_ piece: Piece, empty: Set<Cell>, figure: Figure) -> Set<[Cell]> {
        var found = Set<[Cell]>()
        for g in figure.pieceSet.orientationGroup {
            for hole in figure.cells {
                for cube in piece.shape.cells.map(g.apply) {
                    let cells = Placement(piece: piece.letter, orientation: g, offset: hole - cube).cells(of: piece.shape).sorted()
                    if cells.allSatisfy(empty.contains) { found.insert(cells) }
                }
            }
        }
        return found
    }

    static func fitCells(_ fits: Fits) -> [[Cell]] { fits.fits.map(\.cells) }

    /// The solver's first solution of the cube, by piece letter.
    func solution() throws -> [Placement] {
        try #require(try Solver(cube).firstSolution()).pieces.map(\.placement)
    }

    @Test("on the empty cube each Soma piece's fits are exactly the brute-force placements, none twice")
    func emptyCube() throws {
        let options = FitOptions(figure: cube)
        var counts: [Character: Int] = [:]
        for piece in cube.pieceSet.pieces {
            let fits = Fits(options: options.placements[piece.letter]!, shape: piece.shape, empty: Set(cube.cells))
            let cells = Self.fitCells(fits)
            #expect(Set(cells).count == cells.count)
            #expect(Set(cells) == Self.bruteForce(piece, empty: Set(cube.cells), figure: cube))
            counts[piece.letter] = fits.count
        }
        // Worked out by hand: V lies 12 ways in a 2x2 box, at 12 spots; L 24 ways in a 3x2 box
        // at 6 spots; T and Z 12 ways at 6 spots; A and B 12 ways in a 2x2x2 box at 8 spots; P
        // (three arms from a corner: a third of a turn about its diagonal keeps it) 8 ways.
        #expect(counts == ["V": 144, "L": 144, "T": 72, "Z": 72, "A": 96, "B": 96, "P": 64])
    }

    @Test("on three part-filled cubes the fits of every piece left are the brute-force placements in the empty cells",
          arguments: [1, 3, 5])
    func partFilled(placed: Int) throws {
        let solution = try solution()
        let options = FitOptions(figure: cube)
        var empty = Set(cube.cells)
        for pose in solution.prefix(placed) {
            empty.subtract(pose.cells(of: cube.pieceSet.piece(pose.piece)!.shape))
        }
        var total = 0
        for pose in solution.dropFirst(placed) {
            let piece = cube.pieceSet.piece(pose.piece)!
            let fits = Fits(options: options.placements[piece.letter]!, shape: piece.shape, empty: empty)
            let brute = Self.bruteForce(piece, empty: empty, figure: cube)
            #expect(Set(Self.fitCells(fits)) == brute)
            #expect(fits.count == brute.count)
            // The solution's own placement is always among them.
            #expect(fits.index(ofCells: pose.cells(of: piece.shape)) != nil)
            total += fits.count
        }
        #expect(total > 0)
    }

    @Test("the game's fits for the selected piece are the ones avoiding the other pieces, and follow them")
    func gameFits() throws {
        let solution = try solution()
        var game = SomaGame(figure: cube)
        game.assist = .fits
        // Put the first two pieces of the solution in place by hand (their poses).
        var poses = game.poses
        for pose in solution.prefix(2) {
            let i = game.pieces.firstIndex { $0.letter == pose.piece }!
            poses[i] = pose
        }
        game = try #require(SomaGame(figure: cube, poses: poses))
        game.assist = .fits
        let third = game.pieces.firstIndex { $0.letter == solution[2].piece }!
        game.apply(.select(.index(third)), now: 0)
        var empty = Set(cube.cells)
        for pose in solution.prefix(2) { empty.subtract(pose.cells(of: cube.pieceSet.piece(pose.piece)!.shape)) }
        let fits = try #require(game.fits)
        #expect(Set(Self.fitCells(fits)) == Self.bruteForce(game.pieces[third], empty: empty, figure: cube))
        #expect(game.ghost != nil)
        // The assist off: no fits, no ghost.
        game.assist = .off
        #expect(game.fits == nil && game.ghost == nil)
    }

    @Test("steering moves the ghost from fit to fit; Space puts the piece there as one move")
    func steerAndPlace() throws {
        var game = SomaGame(figure: cube)
        game.assist = .fits
        game.apply(.select(.letter("V")), now: 0)
        let first = try #require(game.ghost)
        let fits = try #require(game.fits)
        let v = game.selection!
        // The first ghost lies as the piece does (the nearest fit of that shape).
        #expect(Shape(first.cells(of: game.pieces[v].shape)).cells == Shape(game.cells(ofPiece: v)).cells)
        game.apply(.steer(Cell(1, 0, 0)), now: 0)
        let stepped = try #require(game.ghost)
        #expect(Fits.sum(stepped.cells(of: game.pieces[v].shape)).x > Fits.sum(first.cells(of: game.pieces[v].shape)).x)
        #expect(fits.index(ofCells: stepped.cells(of: game.pieces[v].shape)) != nil)
        let placed = game.apply(.drop, now: 1)
        #expect(placed == [.moved], "one move of the midend's move list")
        #expect(Set(game.cells(ofPiece: v)) == Set(stepped.cells(of: game.pieces[v].shape)))
        #expect(game.moves == 1 && game.isInPlace(v))
        game.restore(SomaGame(figure: cube).poses, undoing: true)   // what the midend's undo hands back
        #expect(!game.isInPlace(v) && game.feedback?.message.hasPrefix("Undone: V moved back") == true)
    }

    @Test("a plan click puts the piece on a fit covering the cell; clicking it again cycles through all of them")
    func planClicks() throws {
        var game = SomaGame(figure: cube)
        game.assist = .fits
        game.apply(.select(.letter("T")), now: 0)
        let t = game.selection!
        let corner = Cell(0, 0, 0)
        let covering = try #require(game.fits).covering(corner)
        var seen = Set<[Cell]>()
        for _ in covering {
            game.apply(.putOnFit(covering: corner), now: 0)
            let cells = game.cells(ofPiece: t).sorted()
            #expect(cells.contains(corner))
            seen.insert(cells)
        }
        #expect(seen.count == covering.count)
        #expect(game.moves == 1)   // one handling of T
    }

    @Test("with the solvable assist the fits that leave the cube unsolvable are marked and come last; choosing one says dead end")
    func deadEnds() throws {
        let solution = try solution()
        var game = SomaGame(figure: cube)
        var poses = game.poses
        for pose in solution.prefix(5) {
            poses[game.pieces.firstIndex { $0.letter == pose.piece }!] = pose
        }
        game = try #require(SomaGame(figure: cube, poses: poses))
        game.assist = .solvable
        let sixth = game.pieces.firstIndex { $0.letter == solution[5].piece }!
        game.apply(.select(.index(sixth)), now: 0)
        let fits = try #require(game.fits)
        let solver = try Solver(cube)
        for fit in fits.fits {
            #expect(fit.deadEnd == !solver.isSolvable(Array(solution.prefix(5)) + [fit.placement]))
        }
        let live = fits.fits.filter { !$0.deadEnd }
        #expect(!live.isEmpty)
        // Every cell's cycle starts with the live fits.
        for cell in cube.cells {
            let order = fits.covering(cell)
            let firstDead = order.firstIndex { fits.fits[$0].deadEnd } ?? order.count
            #expect(order[firstDead...].allSatisfy { fits.fits[$0].deadEnd })
        }
        if let dead = fits.fits.first(where: \.deadEnd) {
            game.apply(.putOnFit(covering: dead.cells[0]), now: 0)
            // A dead-end fit chosen by cycling says so.
            var said = false
            for _ in 0..<fits.count {
                if game.ghostIsDeadEnd { said = game.feedback?.message.contains("Dead end") == true; break }
                game.apply(.cycleFit(forward: true), now: 0)
            }
            #expect(said)
        }
    }
}
