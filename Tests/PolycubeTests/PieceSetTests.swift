import Testing
@testable import Polycube

@Suite struct PieceSetTests {
    @Test func somaPiecesHaveTheirOrientationCountsUnderRotation() throws {
        let expected: [Character: Int] = ["V": 12, "L": 24, "T": 12, "Z": 12, "A": 12, "B": 12, "P": 8]
        #expect(PieceSet.soma.pieces.map(\.letter) == ["V", "L", "T", "Z", "A", "B", "P"])
        for piece in PieceSet.soma.pieces {
            #expect(piece.shape.orientations(under: Isometry.rotations).count == expected[piece.letter],
                    "piece \(piece.letter)")
        }
        #expect(PieceSet.soma.piece("V")?.shape.count == 3)
        #expect(PieceSet.soma.pieces.dropFirst().allSatisfy { $0.shape.count == 4 })
        #expect(PieceSet.soma.cellCount == 27)
    }

    @Test func aAndBAreMirrorImagesButNotRotationsOfEachOther() throws {
        let a = try #require(PieceSet.soma.piece("A")).shape
        let b = try #require(PieceSet.soma.piece("B")).shape
        #expect(a.canonical(under: Isometry.rotations) != b.canonical(under: Isometry.rotations))
        #expect(a.transformed(by: .mirrorX).canonical() == b.canonical())
        #expect(a.canonical(under: Isometry.all) == b.canonical(under: Isometry.all))
        // No other two Soma pieces are congruent, even allowing mirrors.
        let others = PieceSet.soma.pieces.filter { $0.letter != "B" }.map { $0.shape.canonical(under: Isometry.all) }
        #expect(Set(others).count == 6)
    }

    @Test func pentominoesAreTwelveFlatPiecesTurnedOverOnTheBoard() {
        let expected: [Character: Int] = ["F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4,
                                          "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4]
        let set = PieceSet.pentominoes
        #expect(set.pieces.count == 12)
        #expect(set.isFlat)
        #expect(set.cellCount == 60)
        for piece in set.pieces {
            #expect(piece.shape.count == 5)
            #expect(piece.shape.cells.allSatisfy { $0.z == 0 })
            #expect(piece.shape.orientations(under: set.orientationGroup).count == expected[piece.letter],
                    "piece \(piece.letter)")
        }
        // All twelve are different even when turned over: they are the twelve free pentominoes.
        #expect(Set(set.pieces.map { $0.shape.canonical(under: Isometry.planar) }).count == 12)
    }

    @Test func solidPentominoesAreTheSameShapesRotatedInSpace() {
        let flat = PieceSet.pentominoes, solid = PieceSet.solidPentominoes
        #expect(!solid.isFlat)
        #expect(solid.pieces.map(\.shape) == flat.pieces.map(\.shape))
        // Turning in space reaches every planar orientation, mirror images included.
        for piece in solid.pieces {
            let inSpace = Set(piece.shape.orientations(under: Isometry.rotations))
            #expect(piece.shape.orientations(under: Isometry.planar).allSatisfy { inSpace.contains($0) })
        }
    }

    @Test func builtInSetsAreFoundByName() {
        #expect(PieceSet.builtIn(named: "soma") == .soma)
        #expect(PieceSet.builtIn(named: "pentominoes") == .pentominoes)
        #expect(PieceSet.builtIn(named: "solid-pentominoes") == .solidPentominoes)
        #expect(PieceSet.builtIn(named: "tetrominoes") == nil)
        let bedlam = PieceSet.builtIn(named: "bedlam")
        #expect(bedlam?.pieces.count == 13)
        #expect(bedlam?.cellCount == 64)
        #expect(bedlam?.pieces.filter { $0.shape.count == 5 }.count == 12)
        #expect(bedlam?.pieces.allSatisfy { $0.shape.isConnected } == true)
    }
}
