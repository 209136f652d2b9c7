import Testing
@testable import Gestures

/// A flat target that counts how often its pivot is moved.
final class CountingTarget: GesturableTarget {
    let inner = FlatTarget()
    var pivotChanges = 0
    var position: SIMD3<Double> { get { inner.position } set { inner.position = newValue } }
    var orientation: Quat { get { inner.orientation } set { inner.orientation = newValue } }
    var scale: Double { get { inner.scale } set { inner.scale = newValue } }
    var pivot: SIMD3<Double> {
        get { inner.pivot }
        set { inner.pivot = newValue; pivotChanges += 1 }
    }
    var viewAxis: SIMD3<Double> { inner.viewAxis }
    func worldDelta(forScreen d: GPoint, at p: GPoint) -> SIMD3<Double> { inner.worldDelta(forScreen: d, at: p) }
    func localPoint(forScreen p: GPoint) -> SIMD3<Double> { inner.localPoint(forScreen: p) }
}

@Suite struct GesturableTests {
    @Test func planDefaults() {
        #expect(!Draggable().wantsAnchorPointAdjustment)
        #expect(Pinchable().wantsAnchorPointAdjustment && Rotatable().wantsAnchorPointAdjustment)
    }

    @Test func draggableCreatesItsRecognizerAndMovesByDeltas() {
        let h = Harness()
        let target = FlatTarget()
        let performer = GesturablePerformer(target: target, manager: h.manager)
        let plan = Draggable()
        let pan = performer.add(plan)
        #expect(plan.recognizer === pan && pan is PanGestureRecognizer)
        let t = h.down(10, 10, at: 0)
        h.move(t, 12, 10, at: 10)
        h.move(t, 12, 13, at: 20)
        #expect(target.position == SIMD3<Double>(2, -3, 0))
        h.up(t, at: 30)
        #expect(target.position == SIMD3<Double>(2, -3, 0))
    }

    @Test func cancelRestoresTheTransformCapturedAtBegan() {
        let s = TouchScript()
        let target = CountingTarget()
        target.position = SIMD3<Double>(1, 2, 3)
        let performer = GesturablePerformer(target: target, manager: s.manager)
        performer.add(Draggable(recognizer: s.graph.objectPan, wantsAnchorPointAdjustment: true))
        s.run("↓(12,7)@0 →(13,7)@100 →(15,7)@200")
        #expect(target.position != SIMD3<Double>(1, 2, 3))
        s.run("esc@250")
        #expect(target.position == SIMD3<Double>(1, 2, 3) && target.pivot == .zero)
        #expect(s.log.last == "objectPan.cancelled@250 T(3,0) d(0,0)")
    }

    @Test func anchorMovesOncePerDispatchAndThePointUnderTheFingersStays() {
        let h = Harness()
        let target = CountingTarget()
        target.position = SIMD3<Double>(5, -5, 0)
        target.pivot = SIMD3<Double>(0, 0, 0)
        let performer = GesturablePerformer(target: target, manager: h.manager)
        let pinch = PinchGestureRecognizer(name: "pinch"), rotation = RotationGestureRecognizer(name: "rotation")
        let sim = PermissiveDelegate()
        pinch.delegate = sim
        rotation.delegate = sim
        h.add(pinch)
        h.add(rotation)
        performer.add(Pinchable(recognizer: pinch))
        performer.add(Rotatable(recognizer: rotation))
        target.pivotChanges = 0
        let a = h.newID(), b = h.newID()
        let centre = GPoint(x: 20, y: 10)
        let local = target.localPoint(forScreen: centre)
        let before = target.world(local)
        h.manager.handle([.began(a, at: centre - GPoint(x: 4, y: 0)), .began(b, at: centre + GPoint(x: 4, y: 0))],
                         at: .ms(0))
        // One event both scales (×1.5) and turns (90° clockwise) about the centre.
        h.manager.handle([.moved(a, to: centre - GPoint(x: 0, y: 6)), .moved(b, to: centre + GPoint(x: 0, y: 6))],
                         at: .ms(10))
        #expect(h.log == ["pinch.began@10", "rotation.began@10"])
        #expect(target.pivotChanges == 1)
        #expect(abs(target.scale - 1.5) < 1e-12)
        #expect((target.world(local) - before).length < 1e-9)  // the point under the fingers stayed
        // Clockwise on screen: a point right of the centre moves down the screen (world -y).
        let turned = target.orientation.rotate(SIMD3<Double>(1, 0, 0))
        #expect((turned - SIMD3<Double>(0, -1, 0)).length < 1e-9)
    }

    @Test func secondGestureDoesNotCompoundTheFirst() {
        let h = Harness()
        let target = FlatTarget()
        let performer = GesturablePerformer(target: target, manager: h.manager)
        performer.add(Rotatable())
        for start in [Int64(0), 100] {
            let a = h.newID(), b = h.newID()
            h.manager.handle([.began(a, at: GPoint(x: 0, y: 0)), .began(b, at: GPoint(x: 8, y: 0))], at: .ms(start))
            h.manager.handle([.moved(b, to: GPoint(x: 0, y: 8))], at: .ms(start + 10))  // 90° clockwise
            h.manager.handle([.ended(a), .ended(b)], at: .ms(start + 20))
        }
        let turned = target.orientation.rotate(SIMD3<Double>(1, 0, 0))
        #expect((turned - SIMD3<Double>(-1, 0, 0)).length < 1e-9)  // 180° in total, not more
    }
}
