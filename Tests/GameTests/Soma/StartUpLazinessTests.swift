@testable import Gestures
@testable import Polycube
import Testing
@testable import Game

/// What a login's start-up no longer works out before the first frame (issue 35), checked
/// against what it worked out before: the same start layout, the same menu, the fits the same
/// once a piece is taken.
@Suite("Start-up laziness")
struct StartUpLazinessTests {
    /// The start layout's orientations as they were chosen before: each of the group's turns
    /// applied to the piece and its height measured.
    static func flattestByTurning(_ piece: Piece, group: [Isometry]) -> [Isometry] {
        let lowest = group.map { piece.shape.transformed(by: $0).size.z }.min() ?? 1
        return group.filter { piece.shape.transformed(by: $0).size.z == lowest }
    }

    @Test("the start layout of every catalog figure, seeds 0 to 3, is the one the turned shapes gave")
    func startLayoutUnchanged() {
        for entry in Catalog.figures where entry.kind == .soma || entry.kind == .other {
            let figure = entry.figure
            let group = figure.pieceSet.orientationGroup
            for seed: UInt64 in 0...3 {
                let game = SomaGame(figure: figure, layoutSeed: seed)
                #expect(game.startPoses.count == game.pieces.count, "\(entry.name)")
                for (pose, piece) in zip(game.startPoses, game.pieces) {
                    let flattest = Self.flattestByTurning(piece, group: group)
                    #expect(flattest.contains(pose.orientation), "\(entry.name) seed \(seed) piece \(piece.letter)")
                    if seed == 0 { #expect(pose.orientation == flattest[0], "\(entry.name) piece \(piece.letter)") }
                }
            }
        }
    }

    /// The tray layout as it was worked out before: the cells kept free in a set, every spot of
    /// the square tried.
    static func arrangeWithASet(_ shapes: [Shape], around footprint: [Cell], startAngle: Double,
                                flat: Bool, widen: Double, lift: Double) -> [Cell] {
        let flatFootprint = footprint.map { Cell($0.x, $0.y, 0) }
        let xs = flatFootprint.map(\.x), ys = flatFootprint.map(\.y)
        let minX = xs.min() ?? 0, maxX = xs.max() ?? 0, minY = ys.min() ?? 0, maxY = ys.max() ?? 0
        let cx = Double(minX + maxX + 1) / 2, cy = Double(minY + maxY + 1) / 2
        let largest = shapes.map { max($0.size.x, $0.size.y) }.max() ?? 1
        var rx = Double(maxX - minX + 1) / 2 + Double(largest) / 2 + 2
        var ry = Double(maxY - minY + 1) / 2 + Double(largest) / 2 + 2
        if flat {
            ry = Double(maxY - minY + 1) / 2 + lift
            rx += Double(largest) * widen
        }
        var blocked = Set<Cell>()
        for c in flatFootprint { blocked.formUnion(c.ring) }
        var offsets: [Cell] = []
        let reach = Int(max(rx, ry)) + 3 * largest + 4
        for (i, shape) in shapes.enumerated() {
            let angle = startAngle - 2 * .pi * Double(i) / Double(max(shapes.count, 1))
            let (s, c) = Trigonometry.sinCos(angle)
            let px = cx + rx * c, py = cy + ry * s
            let halfX = Double(shape.size.x) / 2, halfY = Double(shape.size.y) / 2
            let flatCells = shape.cells.map { Cell($0.x, $0.y, 0) }
            var best: (score: Double, offset: Cell)?
            for y in (Int(cy) - reach)...(Int(cy) + reach) {
                for x in (Int(cx) - reach)...(Int(cx) + reach) {
                    let dx = Double(x) + halfX - px, dy = Double(y) + halfY - py
                    let score = dx * dx + dy * dy
                    if let b = best, b.score <= score { continue }
                    let o = Cell(x, y, 0)
                    if flatCells.contains(where: { blocked.contains($0 + o) }) { continue }
                    best = (score, o)
                }
            }
            let o = best?.offset ?? Cell(maxX + 2 + 6 * i, minY, 0)
            offsets.append(o)
            for c in flatCells { blocked.formUnion((c + o).ring) }
        }
        return offsets
    }

    @Test("the tray layout on its grid is the one the set gave: every catalog figure, round and flat, four start angles")
    func trayLayoutUnchanged() {
        for entry in Catalog.figures {
            let shapes = entry.figure.pieceSet.pieces.map { Shape($0.shape.cells.map { Cell($0.x, $0.y, 0) }) }
            for angle in [Double.pi / 2, 0.3, 2.9, -1.7] {
                for (flat, widen, lift) in [(false, 0.0, 2.5), (true, 0.5, 2.5), (true, 1.0, 4.0)] {
                    #expect(TrayLayout.arrange(shapes, around: entry.figure.cells, startAngle: angle, flat: flat, widen: widen, lift: lift)
                            == Self.arrangeWithASet(shapes, around: entry.figure.cells, startAngle: angle, flat: flat, widen: widen, lift: lift),
                            "\(entry.name) angle \(angle) flat \(flat)")
                }
            }
        }
    }

    @Test("a game's fit options are worked out when first asked, and give the eager options' placements")
    func fitOptionsOnDemand() throws {
        let cube = try Catalog.figure(named: "cube")
        var game = SomaGame(figure: cube)
        let fresh = game
        let options = game.options.value(for: cube)
        #expect(options == FitOptions(figure: cube))
        #expect(options.placements.values.map(\.count).reduce(0, +) > 0)
        // Asked or not, two games of one figure in one position are equal.
        #expect(game == fresh)
    }

    @Test("the play menu's catalog entries parse nothing until asked, and equal the parsed entries")
    func menuEntriesOnDemand() {
        let lazy = FigureMenu.catalog(.soma)
        let parsed = Catalog.entries(of: .soma).map(FigureMenu.Entry.init)
        #expect(lazy == parsed)
        #expect(lazy.map(\.hashValue) == parsed.map(\.hashValue))
        #expect(lazy.map(\.resolved) == parsed)
        #expect(lazy.map(\.figure) == parsed.map(\.figure))
        #expect(lazy.allSatisfy { !$0.isBoard })
        let boards = FigureMenu.catalog(.board)
        #expect(boards.allSatisfy { $0.isBoard })
        // The menu opened over them lists the same lines as over the parsed ones.
        #expect(FigureMenu(entries: lazy, current: "cube").view(width: 100, height: 30)
                == FigureMenu(entries: parsed, current: "cube").view(width: 100, height: 30))
        #expect(Midend(screen: SomaSession(figure: Fixtures.cube), menu: lazy).menuTitle == "Figures")
        #expect(Midend(screen: SomaSession(figure: Fixtures.cube), menu: FigureMenu.catalog(.board)).menuTitle == "Boards")
    }
}
