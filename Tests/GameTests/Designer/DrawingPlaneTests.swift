import Polycube
@testable import Scene
import Testing
@testable import Game

@Suite struct DrawingPlaneTests {
    @Test func theDefaultViewDrawsOnAHorizontalLayerWithFourDistinctArrows() {
        let camera = Camera()
        let plane = DrawingPlane(cursor: .origin, facing: camera)
        #expect(plane.normal == Cell(0, 0, 1))
        let steps = [(1.0, 0.0), (-1, 0), (0, -1), (0, 1)].map { plane.step(forScreen: $0.0, $0.1, camera: camera) }
        #expect(steps == [Cell(1, 0, 0), Cell(-1, 0, 0), Cell(0, 1, 0), Cell(0, -1, 0)])
    }

    @Test func lookingFromTheFrontTheArrowUpGoesUp() {
        let camera = Camera(yaw: 0, pitch: 0)
        let plane = DrawingPlane(cursor: .origin, facing: camera)
        #expect(plane.normal == Cell(0, -1, 0))
        #expect(plane.step(forScreen: 0, -1, camera: camera) == Cell(0, 0, 1))
        #expect(plane.step(forScreen: 1, 0, camera: camera) == Cell(1, 0, 0))
    }

    @Test func movingThePlaneMovesTheCursorAcrossIt() {
        var plane = DrawingPlane(cursor: Cell(1, 1, 1), facing: Camera())
        plane.move(toward: 1)
        #expect(plane.cursor == Cell(1, 1, 2))
        #expect(plane.level == 2)
        plane.move(toward: -3)
        #expect(plane.level == -1)
    }

    @Test func aLineIsFaceConnectedFromEndToEnd() {
        let ends: [(Cell, Cell)] = [(Cell(0, 0, 0), Cell(3, 2, 0)), (Cell(2, 0, 1), Cell(-2, 1, 1)), (Cell(0, 0, 0), Cell(0, 0, 0))]
        for (a, b) in ends {
            let line = DrawingPlane.line(from: a, to: b)
            #expect(line.first == a)
            #expect(line.last == b)
            for (p, q) in zip(line, line.dropFirst()) {
                let step: Int = abs(p.x - q.x) + abs(p.y - q.y) + abs(p.z - q.z)
                #expect(step == 1, "\(p) to \(q)")
            }
        }
    }

    @Test func thePointerMeetsTheLayerWhereTheCellIsDrawn() throws {
        // The centre of the top face of cell (2, 1, 0) projects to some terminal cell; the ray
        // back through it meets layer z = 0 in that cell.
        let camera = Camera(pivot: Vector3(1.5, 1.5, 1.5), aspect: 2)
        let frame = SceneFrame(canvas: Canvas(width: 80, height: 40), camera: camera, model: SceneModel())
        let p = frame.screenPoint(of: Vector3(2.5, 1.5, 0.5))
        let cell = DrawingPlane.cell(atColumn: Int(p.column), row: Int(p.row), width: 80, height: 40,
                                     camera: camera, axis: .z, level: 0)
        #expect(cell == Cell(2, 1, 0))
    }
}
