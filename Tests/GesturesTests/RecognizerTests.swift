import Testing
@testable import Gestures

/// The concrete recognizers at their thresholds (spec B6 and the table of B7).
@Suite struct RecognizerTests {
    @Test func defaultsMatchTheThresholdTable() {
        let tap = TapGestureRecognizer(), press = LongPressGestureRecognizer(), pan = PanGestureRecognizer()
        let swipe = SwipeGestureRecognizer(direction: .right), pinch = PinchGestureRecognizer()
        let rotation = RotationGestureRecognizer(), reset = ResetGestureRecognizer()
        #expect(tap.maximumMovement == 1 && tap.maximumPressDuration == .ms(500))
        #expect(tap.maximumTapInterval == .ms(300) && tap.maximumTapDistance == 2)
        #expect(press.minimumPressDuration == .ms(500) && press.allowableMovement == 1)
        #expect(pan.slop == 1 && pan.minimumNumberOfTouches == 1 && pan.maximumNumberOfTouches == .max)
        #expect(swipe.minimumDistance == 3 && swipe.maximumDuration == .ms(250))
        #expect(swipe.minimumAverageSpeed == 12 && swipe.maximumDeviation == 0.5 && swipe.backtrackLimit == 1)
        #expect(pinch.scaleThreshold == 0.05 && pinch.maximumTrackedTouches == 2)
        #expect(abs(rotation.threshold - 5 * Double.pi / 180) < 1e-15)
        #expect(reset.minimumTurnings == 3 && reset.minimumRun == 2)
        #expect(TapGestureRecognizer.isDiscrete && SwipeGestureRecognizer.isDiscrete && ResetGestureRecognizer.isDiscrete)
        #expect(!PanGestureRecognizer.isDiscrete && !LongPressGestureRecognizer.isDiscrete)
    }

    @Test func tapMovementAndPressBoundaries() {
        let h = Harness()
        let tap = TapGestureRecognizer(name: "tap")
        h.add(tap)
        let a = h.down(10, 10, at: 0)
        h.move(a, 10.99, 10, at: 10)   // < 1.0: still a tap
        h.up(a, at: 499)               // < 500 ms
        #expect(h.log == ["tap.ended@499"])
        let b = h.down(10, 10, at: 1000)
        h.move(b, 11, 10, at: 1010)    // ≥ 1.0: fails
        h.up(b, at: 1020)
        let c = h.down(10, 10, at: 2000)
        h.tick(2500)                   // held for 500 ms: fails
        h.up(c, at: 2600)
        #expect(h.log == ["tap.ended@499"])
    }

    @Test func twoFingerTap() {
        let h = Harness()
        let tap = TapGestureRecognizer(name: "tap2", taps: 1, touches: 2)
        h.add(tap)
        let a = h.down(10, 10, at: 0), b = h.down(12, 10, at: 10)
        h.up(a, at: 50)
        #expect(h.log.isEmpty)
        h.up(b, at: 60)
        #expect(h.log == ["tap2.ended@60"])
        #expect(h.snapshots[0].location == GPoint(x: 11, y: 10))
        h.up(h.down(10, 10, at: 100), at: 150)  // one touch only: fails
        let c = h.down(1, 1, at: 200), d = h.down(2, 2, at: 201), e = h.down(3, 3, at: 202)  // three: fails
        for t in [c, d, e] { h.up(t, at: 250) }
        #expect(h.log == ["tap2.ended@60"])
    }

    @Test func doubleTapTooFarOrTooLateStartsOver() {
        let h = Harness()
        let double = TapGestureRecognizer(name: "double", taps: 2)
        h.add(double)
        h.up(h.down(10, 10, at: 0), at: 50)
        h.up(h.down(12.5, 10, at: 100), at: 150)   // 2.5 > 2.0 from the first press
        #expect(h.log.isEmpty)
        h.up(h.down(12.5, 10, at: 200), at: 250)   // counts as the second tap of a new attempt
        #expect(h.log == ["double.ended@250"])
        h.up(h.down(10, 10, at: 1000), at: 1050)
        h.up(h.down(10, 10, at: 1351), at: 1400)   // 301 ms after the release
        #expect(h.log == ["double.ended@250"])
    }

    @Test func longPressLifecycleAndMovementBoundary() {
        let h = Harness()
        let press = LongPressGestureRecognizer(name: "press")
        h.add(press)
        let a = h.down(10, 10, at: 0)
        h.move(a, 10.99, 10, at: 100)
        h.tick(500)
        h.move(a, 30, 10, at: 600)     // unrestricted after began
        h.up(a, at: 700)
        #expect(h.log == ["press.began@500", "press.changed@600", "press.ended@700"])
        let b = h.down(10, 10, at: 1000)
        h.move(b, 10, 11, at: 1100)    // 1.0 before began: fails
        h.tick(1600)
        h.up(h.newID(), at: 1700)
        let c = h.down(10, 10, at: 2000)
        h.up(c, at: 2300)              // lifted early: fails
        h.tick(3000)
        #expect(h.log.count == 3)
    }

    @Test func swipeBoundaries() {
        func swipe(_ path: [(Double, Double, Int64)], direction: SwipeDirection = .right) -> [String] {
            let h = Harness()
            h.add(SwipeGestureRecognizer(direction: direction))
            let t = h.down(10, 10, at: 0)
            for (x, y, time) in path { h.move(t, x, y, at: time) }
            h.up(t, at: (path.last?.2 ?? 0) + 1)
            return h.log
        }
        #expect(swipe([(13, 10, 250)]) == ["swipeR.ended@250"])        // 3.0 in exactly 250 ms: 12 u/s
        #expect(swipe([(11, 10, 10), (13, 10, 251)]).isEmpty)          // after the deadline
        #expect(swipe([(12.9, 10, 10), (12.99, 10, 20)]).isEmpty)      // never 3.0
        #expect(swipe([(12, 11, 10), (13, 11.5, 20)]) == ["swipeR.ended@20"])  // deviation 0.5 exactly
        #expect(swipe([(12, 11.1, 10), (13, 11.5, 20)]).isEmpty)       // 1.1 > 0.5 · 2
        #expect(swipe([(9, 10, 10), (13, 10, 20)]).isEmpty)            // backtrack of 1.0
        #expect(swipe([(10, 13, 10), (10, 14, 20)], direction: .down) == ["swipeD.ended@10"])
        #expect(swipe([(10, 7, 10)], direction: .up) == ["swipeU.ended@10"])
        #expect(swipe([(7, 10, 10)], direction: .left) == ["swipeL.ended@10"])
    }

    @Test func panMinimumTouchesAndDropBelowMinimum() {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan2")
        pan.minimumNumberOfTouches = 2
        h.add(pan)
        let a = h.down(10, 10, at: 0)
        h.move(a, 14, 10, at: 10)
        #expect(h.log.isEmpty)
        let b = h.down(20, 10, at: 20)
        h.move(b, 21, 10, at: 30)
        #expect(h.log == ["pan2.began@30"])
        guard case let .pan(t, _, _) = h.snapshots[0].values else { return }
        #expect(t == GPoint(x: 4.5, y: 0))  // 4 before the second touch, then half of 1
        h.up(b, at: 40)
        #expect(h.log == ["pan2.began@30", "pan2.ended@40"])
        h.move(a, 15, 10, at: 50)
        h.up(a, at: 60)
        #expect(h.log.count == 2 && pan.state == .possible)
    }

    @Test func panSetTranslationRebasesDeltaAndVelocity() {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        h.add(pan)
        let t = h.down(10, 10, at: 0)
        h.move(t, 12, 10, at: 10)
        pan.setTranslation(.zero)
        h.move(t, 13, 10, at: 20)
        #expect(pan.translation == GPoint(x: 1, y: 0))
        guard case let .pan(tr, d, v) = h.snapshots.last?.values else {
            Issue.record("no snapshot")
            return
        }
        #expect(tr == GPoint(x: 1, y: 0) && d == GPoint(x: 1, y: 0))
        #expect(abs(v.x - 100) < 1e-9)  // from the sample taken at the reset: 1 unit in 10 ms
    }

    @Test func velocityTrackerHorizonGapAndBunching() {
        var v = VelocityTracker()
        #expect(v.velocity(at: .ms(0)) == .zero)
        v.add(.zero, at: .ms(0))
        v.add(GPoint(x: 5, y: 0), at: .ms(0))
        #expect(v.velocity(at: .ms(0)) == .zero)  // Δt < 1 ms and nothing before
        for i in 1...30 { v.add(GPoint(x: Double(i), y: Double(-2 * i)), at: .ms(Int64(i) * 10)) }
        let w = v.velocity(at: .ms(300))
        #expect(abs(w.x - 100) < 1e-9 && abs(w.y + 200) < 1e-9)
        #expect(v.velocity(at: .ms(381)) == .zero)  // still for more than 80 ms
        var gap = VelocityTracker()
        gap.add(.zero, at: .ms(0))
        gap.add(GPoint(x: 50, y: 0), at: .ms(90))  // 90 ms gap: the old sample is not used
        gap.add(GPoint(x: 51, y: 0), at: .ms(100))
        #expect(abs(gap.velocity(at: .ms(100)).x - 100) < 1e-9)
    }

    @Test func pinchScaleThresholdAndVelocity() {
        let h = Harness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        h.add(pinch)
        let a = h.newID(), b = h.newID()
        h.manager.handle([.began(a, at: GPoint(x: 0, y: 0), source: .synthetic),
                          .began(b, at: GPoint(x: 10, y: 0), source: .synthetic)], at: .ms(0))
        h.manager.handle([.moved(b, to: GPoint(x: 10.4, y: 0))], at: .ms(50))  // 1.04
        #expect(h.log.isEmpty && pinch.state == .possible)
        h.manager.handle([.moved(b, to: GPoint(x: 10.6, y: 0))], at: .ms(100))  // 1.06
        h.manager.handle([.moved(b, to: GPoint(x: 12, y: 0))], at: .ms(150))    // 1.2
        h.manager.handle([.ended(a)], at: .ms(160))
        #expect(h.log == ["pinch.began@100", "pinch.changed@150", "pinch.ended@160"])
        guard case let .pinch(s, d, v) = h.snapshots[1].values else { return }
        #expect(abs(s - 1.2) < 1e-12 && abs(d - 1.2 / 1.06) < 1e-12)
        #expect(abs(v - 1.6) < 1e-9)  // within the 100 ms horizon: from 1.04 at 50 ms to 1.2 at 150 ms
        #expect(h.snapshots[1].location == GPoint(x: 6, y: 0))
    }

    @Test func pinchIgnoresACoincidentPair() {
        let h = Harness()
        let pinch = PinchGestureRecognizer(name: "pinch")
        h.add(pinch)
        let a = h.newID(), b = h.newID()
        h.manager.handle([.began(a, at: GPoint(x: 0, y: 0)), .began(b, at: GPoint(x: 0.2, y: 0))], at: .ms(0))
        #expect(pinch.state == .failed)  // the second touch was ignored, leaving one
        h.manager.handle([.moved(b, to: GPoint(x: 5, y: 0))], at: .ms(10))
        #expect(h.log.isEmpty)
    }

    @Test func rotationSignAndNoJumpAcrossPi() {
        let h = Harness()
        let rotation = RotationGestureRecognizer(name: "rotation")
        h.add(rotation)
        let a = h.newID(), b = h.newID()
        let c = GPoint(x: 20, y: 20)
        func pair(_ degrees: Double) -> (GPoint, GPoint) {
            let r = degrees * Double.pi / 180
            let u = GPoint(x: TouchScript.cos(r), y: TouchScript.sin(r)) * 4
            return (c - u, c + u)
        }
        let (a0, b0) = pair(0)
        h.manager.handle([.began(a, at: a0), .began(b, at: b0)], at: .ms(0))
        var time: Int64 = 0
        for degrees in stride(from: 30.0, through: 240.0, by: 30.0) {
            time += 10
            let (pa, pb) = pair(degrees)
            h.manager.handle([.moved(a, to: pa), .moved(b, to: pb)], at: .ms(time))
        }
        // y grows down, so increasing the angle turns clockwise on screen: positive, and past π.
        #expect(abs(rotation.rotation - 240 * Double.pi / 180) < 1e-9)
        #expect(h.log.first == "rotation.began@10")
        let radians = h.snapshots.compactMap { s -> Double? in
            if case let .rotation(r, _, _) = s.values { return r }
            return nil
        }
        #expect(zip(radians, radians.dropFirst()).allSatisfy { abs($1 - $0 - Double.pi / 6) < 1e-9 })
    }

    @Test("timed shake legs: a leg starts at the report before its first move and ends at its last; jitter runs are dropped")
    func resetTimesItsLegs() {
        let xs: [Double] = [0, 1, 2, 3, 2, 3, 2, 1, 0, 3]
        let ts: [GestureTime] = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90].map { GestureTime.ms($0) }
        let legs = ResetGestureRecognizer.legs(xs, ts, minimumRun: 2)
        // 0 -> 3 in 30 ms; the one-cell wobble 3 -> 2 -> 3 is dropped; 3 -> 0 from the report at
        // 50 ms to 80 ms; 0 -> 3 in 10 ms.
        #expect(legs.map(\.rightward) == [true, false, true])
        #expect(legs.map(\.length) == [3, 3, 3])
        #expect(legs.map(\.start) == [.ms(0), .ms(50), .ms(80)])
        #expect(legs.map(\.end) == [.ms(30), .ms(80), .ms(90)])
        #expect(ResetGestureRecognizer.isShake(legs, turnings: 2, leg: .ms(30), shake: .ms(90)))
        #expect(!ResetGestureRecognizer.isShake(legs, turnings: 2, leg: .ms(29), shake: nil))   // two legs take 30 ms
        #expect(!ResetGestureRecognizer.isShake(legs, turnings: 2, leg: nil, shake: .ms(89)))    // the three take 90 ms
        #expect(!ResetGestureRecognizer.isShake(legs, turnings: 3, leg: nil, shake: nil))        // only two turnings
    }

    @Test func resetCountsTurningsAndTracksOneTouch() {
        #expect(ResetGestureRecognizer.turnings([0, 3, 0, 3, 0], minimumRun: 2) == 3)
        #expect(ResetGestureRecognizer.turnings([0, 3, 0, 3], minimumRun: 2) == 2)
        #expect(ResetGestureRecognizer.turnings([], minimumRun: 2) == 0)
        let h = Harness()
        let reset = ResetGestureRecognizer(name: "reset")
        h.add(reset)
        let t = h.down(10, 10, at: 0)
        let other = h.down(50, 50, at: 5)  // later touches are not tracked
        #expect(reset.numberOfTouches == 1)
        for (i, x) in [13.0, 10, 13, 10].enumerated() { h.move(t, x, 10, at: Int64(i + 1) * 10) }
        h.up(other, at: 55)
        h.up(t, at: 60)
        #expect(h.log == ["reset.ended@60"])
        let a = h.newID(), b = h.newID()
        h.manager.handle([.began(a, at: GPoint(x: 1, y: 1)), .began(b, at: GPoint(x: 9, y: 1))], at: .ms(100))
        #expect(reset.state == .failed)  // two touches at once
    }

    @Test func snapshotTranslationInCells() {
        let s = TouchScript()
        s.run("↓(40,15)@0 →(42,17)@100")
        #expect(s.snapshots.first?.translationInCells == GPoint(x: 2, y: 2))
        #expect(s.snapshots.first?.deltaInCells == GPoint(x: 2, y: 2))
        #expect(s.snapshots.first?.source == .mouse(.left))
    }
}
