import Polycube
@testable import Scene
import Testing
@testable import Game

/// w/s, a/d and e/E turn about three different lattice axes from wherever the player looks
/// (issue 12: e did what d did in the default view).
@Suite("Turn axes")
struct TurnAxesTests {
    @Test("from every direction (24 yaws x 15 pitches) the three key pairs turn about three axes")
    func threeAxesEverywhere() {
        var viewpoint = Viewpoint(extent: Fixtures.cube.cells)
        viewpoint.orbit(columns: 0, rows: -100)   // down to the lowest pitch
        var checked = 0
        for _ in 0..<15 {
            for _ in 0..<24 {
                let axes = [viewpoint.tumble(for: .right).0, viewpoint.tumble(for: .down).0, viewpoint.spin.0]
                #expect(Set(axes).count == 3, "yaw \(viewpoint.camera.yaw) pitch \(viewpoint.camera.pitch): \(axes)")
                // Opposite keys turn about the same axis the other way.
                #expect(viewpoint.tumble(for: .left).0 == axes[0] && viewpoint.tumble(for: .left).1 == -viewpoint.tumble(for: .right).1)
                #expect(viewpoint.tumble(for: .up).0 == axes[1] && viewpoint.tumble(for: .up).1 == -viewpoint.tumble(for: .down).1)
                viewpoint.orbit(columns: 10, rows: 0)        // 15 degrees of yaw
                checked += 1
            }
            viewpoint.orbit(columns: 0, rows: 4)             // 12 degrees of pitch
        }
        #expect(checked == 360)
    }

    @Test("in the default view: d about z, w about x, e about y toward the viewer; e, d and w give three poses")
    func defaultView() {
        var session = SomaSession(figure: Fixtures.cube)
        #expect(session.viewpoint.tumble(for: .right) == (.z, 1))
        #expect(session.viewpoint.tumble(for: .down) == (.x, 1))
        #expect(session.viewpoint.spin == (.y, -1))
        session.handle(.character("2"), now: 0)
        session.handle(.pageUp, now: 0)
        session.handle(.pageUp, now: 0)
        var poses: [Placement] = []
        for key in ["e", "d", "w"] {
            var s = session
            s.handle(.character(Character(key)), now: 1)
            #expect(s.game.feedback == nil)
            poses.append(s.game.poses[1])
        }
        #expect(Set(poses.map { $0.orientation }).count == 3)
    }
}
