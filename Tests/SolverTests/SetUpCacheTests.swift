import Testing
import Polycube
@testable import Solver

/// The per-figure set-up of issue 37: placements found by shifts of the free cells, piece maps
/// kept per piece set, and a spread-out figure's cells numbered by a table. Each is checked
/// against the plain way it replaced, and solvers set up from the cache count as before.
@Suite struct SetUpCacheTests {
    /// Figures of every layout: a solid box, a board, a slab two cells thick, an irregular solid
    /// (the cube without a corner column and with a step) and one whose parts stand too far
    /// apart for a box numbering (the fallback numbering).
    static let layouts: [Figure] = [
        Figures.somaCube,
        Figures.board(3, 20),
        Figures.box("2x3x10", 2, 3, 10, .solidPentominoes),
        Figure(name: "notched", cells: Figures.box("4x3x3", 4, 3, 3, .soma).cells.filter { !($0.x == 3 && $0.y == 2) },
               pieceSet: .soma),
        apart(by: 20),
        apart(by: 100_000),
    ]

    /// A 3x5 slab and a 3x2x2 block `gap` cells apart along x (27 cells: the Soma pieces fill
    /// the slab with V L T Z and the block with A B P). Past a gap of a few cells the box is too
    /// large for a box numbering; past 65,536 box cells, for the fallback's table too.
    static func apart(by gap: Int) -> Figure {
        Figure(name: "apart-\(gap)", cells: Figures.box("3x5", 3, 5, 1, .soma).cells
            + Figures.box("3x2x2", 3, 2, 2, .soma).cells.map { Cell($0.x + 3 + gap, $0.y, $0.z) }, pieceSet: .soma)
    }

    /// Every orientation of every piece, with some cells taken: the moves `forEachPlacement`
    /// finds are exactly the translations inside the box that cover only free cells.
    @Test(arguments: layouts)
    func placementsAreTheTranslationsThatFit(figure: Figure) {
        let layout = CellLayout(figure.cells)
        var taken = CellMask.empty
        for (k, c) in figure.cells.enumerated() where k % 7 == 3 { taken.insert(layout.index(of: c)!) }
        let free = layout.figureMask & ~taken
        let orientations = PieceOrientations(figure.pieceSet)
        var total = 0
        for piece in orientations.orientations {
            for orientation in piece {
                var expected: [CellMask] = []
                layout.forEachTranslation(of: orientation.cells) { _, mask in
                    if mask.isDisjoint(with: ~free) { expected.append(mask) }
                }
                var found: [CellMask] = []
                layout.forEachPlacement(of: orientation.cells, inside: free) { found.append($0) }
                #expect(found.count == Set(found).count)
                #expect(Set(found) == Set(expected))
                total += found.count
            }
        }
        #expect(total > 0)
    }

    /// The piece maps a set keeps, worked out in any order, are the ones a fresh set-up works
    /// out: rotations keep every Soma piece, a mirror swaps A and B, and no mirror maps the
    /// Bedlam pieces (their count is up to the 24 rotations only).
    @Test func pieceMapsDoNotDependOnTheOrderTheyAreAskedFor() {
        for set in [PieceSet.soma, .pentominoes, .solidPentominoes, .bedlam] {
            let cached = PieceOrientations.of(set)
            let fresh = PieceOrientations(set)
            let forward = Isometry.all.indices.map { cached.pieceMaps.map($0) }
            let backward = Isometry.all.indices.reversed().map { fresh.pieceMaps.map($0) }.reversed()
            #expect(Array(backward) == forward, "\(set.name)")
        }
        let soma = PieceOrientations.of(.soma)
        let letters = PieceSet.soma.pieces.map(\.letter)
        for (index, g) in Isometry.all.enumerated() {
            let map = soma.pieceMaps.map(index)
            let turned = map.map { $0.map { letters[$0] } }
            #expect(turned == (g.isRotation ? letters : letters.map { $0 == "A" ? "B" : $0 == "B" ? "A" : $0 }))
        }
        let bedlam = PieceOrientations.of(.bedlam)
        #expect(Isometry.all.indices.filter { bedlam.pieceMaps.map($0) != nil }.count == 24)
    }

    /// Solvers set up twice (the second from the orientations and piece maps the first left in
    /// the cache) count alike, with the published counts and the figures' symmetries.
    @Test(arguments: [(Figures.somaCube, 240, 48), (Figures.board(3, 20), 2, 4),
                      (Figures.box("2x3x10", 2, 3, 10, .solidPentominoes), 12, 8)])
    func cachedSetUpCountsAsBefore(figure: Figure, distinct: Int, symmetries: Int) throws {
        for _ in 0..<2 {
            let solver = try Solver(figure)
            #expect(solver.symmetryCount == symmetries)
            #expect(try solver.count().distinct == distinct)
        }
    }

    /// A figure in two parts far apart (the fallback numbering, by its table or hashed) has
    /// the placements and the count of the same figure with its parts one cell apart (a box
    /// numbering). The count is 0 (the pieces cannot split between these parts), which the
    /// search finds by trying every placement.
    @Test func spreadOutFigureSetsUpAsItsBoxedTwin() throws {
        let near = try Solver(SetUpCacheTests.apart(by: 1))
        #expect(near.placementCount == 252)
        let nearCount = try near.count()
        #expect(nearCount == SolutionCount(distinct: 0, raw: 0))
        for gap in [20, 100_000] {
            let figure = SetUpCacheTests.apart(by: gap)
            #expect(CellLayout(figure.cells).directions.isEmpty)
            let far = try Solver(figure)
            #expect(far.placementCount == near.placementCount, "gap \(gap)")
            #expect(try far.count() == nearCount, "gap \(gap)")
        }
    }
}
