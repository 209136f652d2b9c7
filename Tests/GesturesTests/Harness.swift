@testable import Gestures

/// A bare manager with a few recognizers and a log, for tests that do not use the game graph.
final class Harness {
    let clock = ManualClock()
    let manager: GestureManager
    var log: [String] = []
    var snapshots: [GestureSnapshot] = []
    private var nextID: UInt64 = 0

    init(hitTester: (any HitTester)? = nil) {
        manager = GestureManager(clock: clock, hitTester: hitTester)
    }

    func add(_ r: GestureRecognizer, to target: TargetID = .root) {
        manager.add(r, to: target)
        r.addAction { [unowned self] s in
            self.snapshots.append(s)
            self.log.append("\(s.name).\(s.state)@\(s.timestamp)")
        }
    }

    func newID() -> TouchID {
        nextID += 1
        return TouchID(nextID)
    }

    @discardableResult
    func down(_ x: Double, _ y: Double, at t: Int64, source: TouchSource = .mouse(.left)) -> TouchID {
        let id = newID()
        clock.set(.ms(t))
        manager.handle([.began(id, at: GPoint(x: x, y: y), source: source)], at: .ms(t))
        return id
    }

    func move(_ id: TouchID, _ x: Double, _ y: Double, at t: Int64) {
        clock.set(.ms(t))
        manager.handle([.moved(id, to: GPoint(x: x, y: y))], at: .ms(t))
    }

    func up(_ id: TouchID, at t: Int64) {
        clock.set(.ms(t))
        manager.handle([.ended(id)], at: .ms(t))
    }

    func tick(_ t: Int64) {
        clock.set(.ms(t))
        manager.tick()
    }
}

/// A delegate that lets every pair be recognized together and can be told to require failures.
final class PermissiveDelegate: GestureRecognizerDelegate {
    var requirements: [(GestureRecognizer, GestureRecognizer)] = []

    func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool {
        true
    }

    func gestureRecognizer(_ r: GestureRecognizer, shouldRequireFailureOf o: GestureRecognizer) -> Bool {
        requirements.contains { $0.0 === r && $0.1 === o }
    }
}
