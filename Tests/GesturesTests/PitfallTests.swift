import Testing
@testable import Gestures

/// Part D of the spec: one test per pitfall the anchors' users hit, named after it.
@Suite struct PitfallTests {
    @Test("D1: pan and swipe work together (the swipe decides during the move, the pan truly waits)")
    func d1PanVersusSwipe() {
        let flick = TouchScript()
        #expect(flick.run("↓(12,7)@0 →(13,7)@30 →(14,7)@60 →(15,7)@90 ↑@100") == ["swipeR.ended@90 start(12.5,15)"])
        let drag = TouchScript()
        #expect(drag.run("↓(12,7)@0 →(13,7)@100 ↑@200")
                == ["objectPan.began@100 T(1,0) d(1,0)", "objectPan.ended@200 T(1,0) d(0,0)"])
        // A held pan waits no longer than the swipe's 250 ms deadline (Hammer #882).
        let hold = TouchScript()
        #expect(hold.run("↓(12,7)@0 →(13,7)@30 tick@250") == ["objectPan.began@250 T(1,0) d(1,0)"])
    }

    @Test("D2: failure requirements are one-directional, not two-way by accident")
    func d2OneDirectionalRequirements() {
        let h = Harness()
        let press = LongPressGestureRecognizer(name: "press")
        press.allowableMovement = 10
        let pan = PanGestureRecognizer(name: "pan")
        let delegate = PermissiveDelegate()
        press.delegate = delegate
        pan.delegate = delegate
        press.require(toFail: pan)
        h.add(press)
        h.add(pan)
        let t = h.down(1, 1, at: 0)
        h.move(t, 2, 1, at: 100)
        // The pan did not wait for the press although the press is tracking the same touch.
        #expect(h.log == ["pan.began@100"])
        // ...and the press, which does wait for the pan, failed when the pan was recognized.
        #expect(press.state == .failed && press.numberOfTouches == 1)
        h.tick(500)
        h.up(t, at: 600)
        #expect(h.log == ["pan.began@100", "pan.ended@600"])
        #expect(pan.wouldCreateCycle(requiring: press) && !press.wouldCreateCycle(requiring: pan))
    }

    @Test("D3: pinch, rotation and translation do not compound (snapshots carry deltas)")
    func d3NoCompounding() {
        let s = TouchScript()
        let target = FlatTarget()
        let performer = GesturablePerformer(target: target, manager: s.manager)
        performer.add(Pinchable(recognizer: s.graph.pinch))
        s.run("wheelUp(14,7)@0 wheelUp@50 tick@300")
        #expect(abs(target.scale - 1.21) < 1e-12)
        s.run("wheelUp(14,7)@400 tick@700")  // the second pinch starts from 1, not from 1.21
        #expect(abs(target.scale - 1.331) < 1e-12)
    }

    @Test("D4: a pan does not jump when a second touch lands or lifts")
    func d4NoJumpOnSecondTouch() {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        h.add(pan)
        let a = h.down(10, 10, at: 0)
        h.move(a, 13, 10, at: 50)
        #expect(pan.translation == GPoint(x: 3, y: 0))
        let b = h.down(30, 20, at: 60)  // the centroid jumps by (8.5, 5); the translation must not
        #expect(pan.numberOfTouches == 2)
        h.move(b, 31, 20, at: 70)
        #expect(pan.translation == GPoint(x: 3.5, y: 0))
        h.up(a, at: 80)
        h.move(b, 33, 20, at: 90)
        #expect(pan.translation == GPoint(x: 5.5, y: 0))
        guard case let .pan(_, d, _)? = h.snapshots.last?.values else {
            Issue.record("no snapshot")
            return
        }
        #expect(d == GPoint(x: 2, y: 0))
        // With maximumNumberOfTouches = 1 (the game's pans) a second touch is not delivered at all.
        let s = TouchScript()
        s.run("↓(12,7)@0 →(13,7)@100 key(space)@150")
        #expect(s.graph.objectPan.numberOfTouches == 1)
    }

    @Test("D5: zero thresholds would make a two-touch pan a pinch or a rotation")
    func d5ThresholdsAreNotZero() {
        let h = Harness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        let rotation = RotationGestureRecognizer(name: "rotation")
        let delegate = PermissiveDelegate()
        pinch.delegate = delegate
        rotation.delegate = delegate
        h.add(pinch)
        h.add(rotation)
        let a = h.newID(), b = h.newID()
        h.manager.handle([.began(a, at: GPoint(x: 10, y: 10), source: .synthetic),
                          .began(b, at: GPoint(x: 18, y: 10), source: .synthetic)], at: .ms(0))
        for step in 1...5 {  // both touches drift together, with a little noise in the span
            let x = 10 + Double(step), noise = step % 2 == 0 ? 0.1 : -0.1
            h.manager.handle([.moved(a, to: GPoint(x: x, y: 10)), .moved(b, to: GPoint(x: x + 8 + noise, y: 10.2))],
                             at: .ms(Int64(step) * 20))
        }
        #expect(h.log.isEmpty)
        #expect(pinch.scaleThreshold == 0.05 && abs(rotation.threshold - 0.0873) < 1e-4)
    }

    @Test("D6: swipe direction and speed come from the whole stroke, one direction per recognizer")
    func d6SwipeDirectionAndSpeed() {
        // Fast at first, slower at the end: the average speed still qualifies (Hammer #640).
        let s = TouchScript()
        #expect(s.run("↓(15,7)@0 →(13,7)@20 →(12,7)@100 ↑@120") == ["swipeL.ended@100 start(15.5,15)"])
        guard case let .swipe(direction, start)? = s.snapshots.first?.values else {
            Issue.record("no swipe")
            return
        }
        #expect(direction == .left && start == GPoint(x: 15.5, y: 15))
    }

    @Test("D7: no double-tap latency for keyboard taps; the interval is configurable")
    func d7TapLatency() {
        let keys = TouchScript()
        #expect(keys.run("select key(space)@1000") == ["tap.ended@1000 n1 at(14.5,15)"])
        let quick = TouchScript()
        quick.graph.doubleTap.maximumTapInterval = .ms(150)
        #expect(quick.run("↓(12,7)@0 ↑@80 tick@230") == ["tap.ended@230 n1 at(12.5,15)"])
    }

    @Test("D8: thresholds suit a precise pointer: one cell starts a pan, a slow click is still a tap")
    func d8PrecisePointerThresholds() {
        let slowClick = TouchScript()
        #expect(slowClick.run("↓(12,7)@0 ↑@450 tick@750") == ["tap.ended@750 n1 at(12.5,15)"])
        let oneCell = TouchScript()
        #expect(oneCell.run("↓(40,15)@0 →(41,15)@100") == ["cameraPan.began@100 T(1,0) d(1,0)"])
    }

    @Test("D9: recognizers with the same name do not replace each other; identity is the object")
    func d9IdentityIsTheObject() {
        let h = Harness()
        let delegate = PermissiveDelegate()
        let first = TapGestureRecognizer(name: "tap"), second = TapGestureRecognizer(name: "tap")
        first.delegate = delegate
        second.delegate = delegate
        h.add(first)
        h.add(second)
        h.up(h.down(1, 1, at: 0), at: 50)
        #expect(h.log == ["tap.ended@50", "tap.ended@50"])
        h.manager.remove(first)
        h.up(h.down(1, 1, at: 100), at: 150)
        #expect(h.log == ["tap.ended@50", "tap.ended@50", "tap.ended@150"])
        #expect(second.state == .possible)
    }

    @Test("D10: no state leaks from one gesture to the next (vertical then horizontal)")
    func d10NoStateLeaks() {
        let s = TouchScript()
        #expect(s.run("↓(12,7)@0 →(12,8)@20 →(12,9)@40 ↑@50") == ["swipeD.ended@40 start(12.5,15)"])
        #expect(s.run("↓(12,7)@1000 →(13,7)@1100 →(14,7)@1200 →(16,7)@1300 ↑@1400")
                == ["objectPan.began@1100 T(1,0) d(1,0)", "objectPan.changed@1200 T(2,0) d(1,0)",
                    "objectPan.changed@1300 T(4,0) d(2,0)", "objectPan.ended@1400 T(4,0) d(0,0)"])
    }

    @Test("D11: the Apple reset sample taken literally (began at touch-down, no jitter filter)")
    func d11ResetIsFilteredAndDoesNotBlock() {
        // The sample's count (minimumRun 0) sees three turnings in one-cell jitter; ours sees none.
        let jitter: [Double] = [40.5, 41.5, 40.5, 41.5, 40.5]
        #expect(ResetGestureRecognizer.turnings(jitter, minimumRun: 0) == 3)
        #expect(ResetGestureRecognizer.turnings(jitter, minimumRun: 2) == 0)
        // Jitter inside a real shake is dropped and the runs around it merge.
        #expect(ResetGestureRecognizer.turnings([40, 43, 42.5, 43, 40, 43, 40], minimumRun: 2) == 3)
        // Tracking does not begin the reset, so the camera pan is not blocked.
        let s = TouchScript()
        s.run("↓(40,15)@0 →(43,15)@50")
        #expect(s.graph.reset.state == .possible && s.graph.cameraPan.state == .began)
    }

    @Test("D12: the anchor change moves no point of the target (not the pseudo-code with typos)")
    func d12AnchorInvariant() {
        let target = FlatTarget()
        target.position = SIMD3<Double>(3, -2, 5)
        target.orientation = Quat(axis: SIMD3<Double>(1, 2, 3), angle: 0.7) * Quat(axis: SIMD3<Double>(0, 0, 1), angle: -1.1)
        target.scale = 1.75
        target.pivot = SIMD3<Double>(0.5, 0.5, 0.5)
        var vertices: [SIMD3<Double>] = []
        for i in 0..<27 {
            let x = Double(i % 3), y = Double(i / 3 % 3), z = Double(i / 9)
            vertices.append(SIMD3<Double>(x, y, z))
        }
        for anchor in [SIMD3<Double>(2, 0, 1), SIMD3<Double>(-4, 7.5, 0.25), SIMD3<Double>(0, 0, 0)] {
            let before: [SIMD3<Double>] = vertices.map { target.world($0) }
            AnchorPointPerformer.perform(ChangeAnchorPoint(newAnchorPoint: anchor), on: target)
            let after: [SIMD3<Double>] = vertices.map { target.world($0) }
            #expect(target.pivot == anchor)
            for i in vertices.indices {
                let moved: Double = (before[i] - after[i]).length
                #expect(moved < 1e-9)
            }
        }
    }

    @Test("D13: terminal input: bunched reads, lost releases, repeated positions, unknown ids")
    func d13TerminalInput() {
        // Bunched reads share a timestamp: nothing becomes NaN or infinite.
        let bunched = TouchScript()
        bunched.run("↓(40,15)@0 →(41,15)@40 →(42,15)@40 →(43,15)@40 ↑@40")
        #expect(bunched.snapshots.allSatisfy { s in
            if case let .pan(_, _, v) = s.values { return v.x.isFinite && v.y.isFinite }
            return false
        })
        // A lost release: the next press cancels the stale touch first.
        let lost = TouchScript()
        #expect(lost.run("↓(12,7)@0 →(13,7)@100 ↓(20,20)@500")
                == ["objectPan.began@100 T(1,0) d(1,0)", "objectPan.cancelled@500 T(1,0) d(0,0)"])
        // A move to the same place is dropped; changes for unknown ids are ignored.
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        h.add(pan)
        let t = h.down(5, 5, at: 0)
        h.move(t, 5, 5, at: 10)
        h.manager.handle([.moved(TouchID(99), to: GPoint(x: 9, y: 9)), .ended(TouchID(98))], at: .ms(20))
        #expect(pan.touches[0].timestamp == .ms(0))
        #expect(h.manager.activeTouches.count == 1 && h.log.isEmpty)
    }

    @Test("D14: a long press never waits on a recognizer that only fails on lift; deadlocks are broken")
    func d14LongLivedFailureDependencies() {
        // Waiting on a swipe is fine: it fails by its 250 ms deadline.
        let swipeGated = TouchScript(extra: { g in
            let press = LongPressGestureRecognizer(name: "longPress")
            press.allowedSources = .mouseLeft
            press.delegate = g.delegate
            press.require(toFail: g.swipeRight)
            return [press]
        })
        #expect(swipeGated.run("↓(12,7)@0 tick@500") == ["longPress.began@500"])
        // Waiting on a pan starves it: the pan only fails on lift.
        let panGated = TouchScript(extra: { g in
            let press = LongPressGestureRecognizer(name: "longPress")
            press.allowedSources = .mouseLeft
            press.delegate = g.delegate
            press.require(toFail: g.cameraPan)
            return [press]
        })
        #expect(panGated.run("↓(12,7)@0 tick@2000").isEmpty)
        #expect(panGated.recognizer("longPress").isPending)
        // Two recognizers that wait on each other through their delegates: the sweep breaks it.
        let h = Harness()
        let delegate = PermissiveDelegate()
        let a = TapGestureRecognizer(name: "a"), b = TapGestureRecognizer(name: "b")
        a.delegate = delegate
        b.delegate = delegate
        delegate.requirements = [(a, b), (b, a)]
        h.add(a)
        h.add(b)
        h.up(h.down(1, 1, at: 0), at: 50)
        #expect(h.log.isEmpty)
        #expect(a.state == .possible && b.state == .possible)
        #expect(h.manager.diagnostics.count == 2 && h.manager.diagnostics.allSatisfy { $0.hasPrefix("deadlock") })
    }
}
