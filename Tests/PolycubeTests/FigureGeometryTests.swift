import Testing
@testable import Polycube

@Suite struct FigureGeometryTests {
    @Test func theCubeHasTheWholeGroupAsSymmetries() throws {
        let cube = try Catalog.figure(named: "cube")
        #expect(cube.symmetries().count == 48)
        #expect(cube.symmetries(under: Isometry.rotations).count == 24)
    }

    @Test func aBathtubHasTheSymmetriesOfARectangle() throws {
        let tub = try Catalog.figure(named: "bathtub")
        // Mirrors in x and y, the half turn about z, the identity; nothing turns it upside down.
        #expect(tub.symmetries().count == 4)
        #expect(Set(tub.symmetries(under: Isometry.rotations)) == [.identity, Isometry.quarterTurnZ.then(.quarterTurnZ)])
    }

    @Test func aChiralFigureHasNoMirrorSymmetry() {
        let a = Figure(name: "A", cells: PieceSet.soma.piece("A")!.shape.cells)
        #expect(a.symmetries().allSatisfy { $0.isRotation })
    }

    @Test func transformingKeepsPreplacedPiecesWithTheirCells() {
        let f = Figure(name: "f", cells: [Cell(0, 0), Cell(1, 0), Cell(2, 0), Cell(0, 1)],
                       preplaced: [(letter: "L", cells: [Cell(0, 0), Cell(1, 0), Cell(2, 0), Cell(0, 1)])])
        let turned = f.transformed(by: .quarterTurnX)
        #expect(turned.cells.allSatisfy { $0.y == 0 })
        #expect(turned.preplaced[0].cells == turned.cells)
        #expect(turned.cells.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.z >= 0 })
    }

    @Test func standingOnTheBroadestBaseKeepsAFigureThatAlreadyStands() throws {
        let tub = try Catalog.figure(named: "bathtub")
        #expect(tub.standingOnBroadestBase() == tub)
        // A wall of 3x2 standing on its short side lies down on its 6 cells.
        let wall = Figure(name: "w", cells: [Cell(0, 0, 0), Cell(0, 0, 1), Cell(0, 0, 2),
                                              Cell(0, 1, 0), Cell(0, 1, 1), Cell(0, 1, 2)])
        let lying = wall.standingOnBroadestBase()
        #expect(lying.cells.allSatisfy { $0.z == 0 })
        #expect(lying.cells.count == 6)
    }
}
