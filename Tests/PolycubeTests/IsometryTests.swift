import Testing
@testable import Polycube

@Suite struct IsometryTests {
    @Test func thereAre48IsometriesAnd24Rotations() {
        #expect(Isometry.all.count == 48)
        #expect(Set(Isometry.all).count == 48)
        #expect(Isometry.rotations.count == 24)
        #expect(Isometry.rotations.allSatisfy { $0.isRotation })
        #expect(Isometry.rotations.first == Isometry.identity)
        #expect(Isometry.planar.count == 8)
    }

    @Test func groupIsClosedUnderCompositionAndInverse() {
        let all = Set(Isometry.all)
        let rotations = Set(Isometry.rotations)
        for a in Isometry.all {
            #expect(a.then(a.inverse) == Isometry.identity)
            for b in Isometry.all {
                #expect(all.contains(a.then(b)))
                if a.isRotation && b.isRotation { #expect(rotations.contains(a.then(b))) }
            }
        }
    }

    @Test func quarterTurnsHaveOrderFourAndAreRotations() {
        for axis in 0..<3 {
            let q = Isometry.quarterTurn(about: axis)
            #expect(q.isRotation)
            #expect(q.then(q) != .identity)
            #expect(q.then(q).then(q).then(q) == Isometry.identity)
        }
        #expect(Isometry.quarterTurnZ.apply(Cell(1, 0, 0)) == Cell(0, 1, 0))
        #expect(Isometry.quarterTurnX.apply(Cell(0, 1, 0)) == Cell(0, 0, 1))
        #expect(Isometry.quarterTurnY.apply(Cell(0, 0, 1)) == Cell(1, 0, 0))
    }

    @Test func shapeNormalisesAndCountsOrientations() {
        let l = Shape([Cell(0, 0), Cell(1, 0), Cell(2, 0), Cell(0, 1)])
        #expect(l.orientations().count == 24)
        #expect(Shape(l.cells.map { $0 + Cell(5, -3, 2) }) == l)
        let v = Shape([Cell(0, 0), Cell(1, 0), Cell(0, 1)])
        #expect(v.orientations().count == 12)
        #expect(v.isConnected)
        #expect(!Shape([Cell(0, 0), Cell(2, 0)]).isConnected)
    }
}
