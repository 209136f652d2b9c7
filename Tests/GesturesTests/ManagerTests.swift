import Testing
@testable import Gestures

/// A recognizer whose behaviour each test scripts with closures, and which logs its callbacks.
final class Probe: GestureRecognizer {
    var calls: [String] = []
    var onBegan: (Probe, [Touch], TouchEvent) -> Void = { _, _, _ in }
    var onMoved: (Probe, [Touch], TouchEvent) -> Void = { _, _, _ in }
    var onEnded: (Probe, [Touch], TouchEvent) -> Void = { _, _, _ in }
    var onDeadline: (Probe, Int, GestureTime) -> Void = { _, _, _ in }
    var discreteProbe = false
    var resets = 0

    override func touchesBegan(_ touches: [Touch], event: TouchEvent) {
        calls.append("began\(touches.map(\.id.raw))@\(event.timestamp)")
        onBegan(self, touches, event)
    }
    override func touchesMoved(_ touches: [Touch], event: TouchEvent) {
        calls.append("moved\(touches.map(\.id.raw))@\(event.timestamp)")
        onMoved(self, touches, event)
    }
    override func touchesEnded(_ touches: [Touch], event: TouchEvent) {
        calls.append("ended\(touches.map(\.id.raw))@\(event.timestamp)")
        onEnded(self, touches, event)
    }
    override func touchesCancelled(_ touches: [Touch], event: TouchEvent) {
        calls.append("cancelled\(touches.map(\.id.raw))@\(event.timestamp)")
    }
    override func deadlineFired(_ id: Int, at time: GestureTime) {
        calls.append("deadline\(id)@\(time)")
        onDeadline(self, id, time)
    }
    override func reset() { resets += 1 }
}

final class DiscreteProbe: GestureRecognizer {
    override class var isDiscrete: Bool { true }
    var onEnded: (DiscreteProbe) -> Void = { _ in }
    override func touchesEnded(_ touches: [Touch], event: TouchEvent) { onEnded(self) }
}

@Suite struct ManagerTests {
    @Test func deadlinesFireInTimeThenRegistrationOrderWithTheDeadlineTime() {
        let h = Harness()
        let a = Probe(name: "a"), b = Probe(name: "b")
        a.onBegan = { p, _, e in p.schedule(id: 1, at: e.timestamp + .ms(100)); p.schedule(id: 2, at: e.timestamp + .ms(50)) }
        b.onBegan = { p, _, e in p.schedule(id: 3, at: e.timestamp + .ms(50)) }
        h.add(a)
        h.add(b)
        h.down(1, 1, at: 0)
        #expect(h.manager.nextDeadline == .ms(50))
        h.tick(49)
        #expect(a.calls == ["began[1]@0"])
        h.tick(500)  // late tick: still in (time, registration) order, each at its own time
        #expect(a.calls == ["began[1]@0", "deadline2@50", "deadline1@100"])
        #expect(b.calls == ["began[1]@0", "deadline3@50"])
        #expect(h.manager.nextDeadline == nil)
    }

    @Test func inputAtADeadlineTimeComesFirstButLaterInputFiresItBefore() {
        let h = Harness()
        let a = Probe(name: "a")
        a.onBegan = { p, _, e in p.schedule(id: 7, at: e.timestamp + .ms(100)) }
        h.add(a)
        let t = h.down(1, 1, at: 0)
        h.move(t, 2, 1, at: 100)  // equal time: input first (rule T2)
        #expect(a.calls == ["began[1]@0", "moved[1]@100"])
        h.move(t, 3, 1, at: 101)  // strictly later: the deadline fires first, at 100
        #expect(a.calls == ["began[1]@0", "moved[1]@100", "deadline7@100", "moved[1]@101"])
    }

    @Test func rescheduledDeadlineReplacesTheOldOneAndTerminalStateCancelsAll() {
        let h = Harness()
        let a = Probe(name: "a")
        a.onBegan = { p, _, e in p.schedule(id: 1, at: .ms(100)); p.schedule(id: 1, at: .ms(200)) }
        a.onMoved = { p, _, _ in p.request(.failed) }
        h.add(a)
        let t = h.down(1, 1, at: 0)
        #expect(h.manager.nextDeadline == .ms(200))
        h.move(t, 2, 1, at: 10)
        #expect(a.state == .failed && h.manager.nextDeadline == nil)
    }

    @Test func frontEndDeadlinesShareTheQueue() {
        let h = Harness()
        var fired: [GestureTime] = []
        let token = h.manager.schedule(at: .ms(30)) { fired.append($0) }
        h.manager.schedule(at: .ms(20)) { fired.append($0) }
        h.manager.cancel(token)
        h.tick(100)
        #expect(fired == [.ms(20)])
    }

    @Test func candidatesFollowTheHitPathDeepestFirstAndFilters() {
        final class Path: HitTester {
            func hitTest(_ p: GPoint) -> HitResult { HitResult(path: [TargetID(2), TargetID(1), .root], node: NodeID(5)) }
        }
        let h = Harness(hitTester: Path())
        var order: [String] = []
        let root = Probe(name: "root"), deep = Probe(name: "deep"), mid = Probe(name: "mid")
        let keysOnly = Probe(name: "keys"), other = Probe(name: "other"), disabled = Probe(name: "disabled")
        keysOnly.allowedSources = .keyboard
        disabled.isEnabled = false
        for p in [root, deep, mid, keysOnly, other, disabled] { p.onBegan = { p, _, _ in order.append(p.name) } }
        h.manager.add(root)
        h.manager.add(deep, to: TargetID(2))
        h.manager.add(mid, to: TargetID(1))
        h.manager.add(keysOnly, to: TargetID(1))
        h.manager.add(other, to: TargetID(9))
        h.manager.add(disabled)
        h.down(1, 1, at: 0)
        #expect(order == ["deep", "mid", "root"])
        #expect(deep.initialHit == NodeID(5))
    }

    @Test func maximumTrackedTouchesAndShouldReceive() {
        final class RefuseSecond: GestureRecognizerDelegate {
            func gestureRecognizer(_ r: GestureRecognizer, shouldReceive touch: Touch) -> Bool { touch.id.raw != 2 }
        }
        let h = Harness()
        let one = Probe(name: "one"), picky = Probe(name: "picky")
        one.maximumTrackedTouches = 1
        let delegate = RefuseSecond()
        picky.delegate = delegate
        h.add(one)
        h.add(picky)
        h.down(1, 1, at: 0)
        h.down(5, 5, at: 10)
        h.down(9, 9, at: 20)
        #expect(one.touches.map(\.id.raw) == [1])
        #expect(picky.touches.map(\.id.raw) == [1, 3])
    }

    @Test func touchInputRules() async {
        let h = Harness()
        let a = Probe(name: "a")
        h.add(a)
        let t = h.down(1, 1, at: 0)
        h.move(t, 1, 1, at: 10)  // unchanged location: dropped
        h.manager.handle([.moved(TouchID(42), to: GPoint(x: 3, y: 3))], at: .ms(20))  // unknown: ignored
        h.manager.handle([TouchChange(id: t, phase: .stationary, location: nil)], at: .ms(25))
        #expect(a.calls == ["began[1]@0"])
        h.manager.handle([.ended(t, at: GPoint(x: 4, y: 1))], at: .ms(30))
        #expect(a.calls == ["began[1]@0", "ended[1]@30"])
        #expect(h.manager.activeTouches.isEmpty)
        await #expect(processExitsWith: .failure) {
            let m = GestureManager(clock: ManualClock())
            m.handle([.began(TouchID(1), at: .zero)], at: .zero)
            m.handle([.began(TouchID(1), at: .zero)], at: .ms(1))
        }
    }

    @Test func exclusiveByDefaultAndCanPreventHooks() {
        final class Unpreventable: PanGestureRecognizer {
            override func canBePrevented(by other: GestureRecognizer) -> Bool { false }
        }
        let h = Harness()
        let first = PanGestureRecognizer(name: "first"), second = PanGestureRecognizer(name: "second")
        let third = Unpreventable(name: "third")
        h.add(first)
        h.add(second)
        h.add(third)
        let t = h.down(1, 1, at: 0)
        h.move(t, 3, 1, at: 10)
        #expect(first.state == .began && second.state == .failed && third.state == .began)
        h.up(t, at: 20)
        #expect(h.log == ["first.began@10", "third.began@10", "first.ended@20", "third.ended@20"])
    }

    @Test func staticSimultaneityLinkIsSymmetric() {
        let h = Harness()
        let a = PanGestureRecognizer(name: "a"), b = PanGestureRecognizer(name: "b")
        b.recognizeSimultaneously(with: a)
        h.add(a)
        h.add(b)
        let t = h.down(1, 1, at: 0)
        h.move(t, 3, 1, at: 10)
        #expect(h.log == ["a.began@10", "b.began@10"])
    }

    @Test func shouldBeginFalseFails() {
        final class No: GestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ r: GestureRecognizer) -> Bool { false }
        }
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        let delegate = No()
        pan.delegate = delegate
        h.add(pan)
        let t = h.down(1, 1, at: 0)
        h.move(t, 3, 1, at: 10)
        #expect(pan.state == .failed && h.log.isEmpty)
    }

    @Test func lazyFailureRequirementsFromBothDelegateSidesAndSubclass() {
        final class Lazy: GestureRecognizerDelegate {
            weak var waiter: GestureRecognizer?
            func gestureRecognizer(_ r: GestureRecognizer, shouldRecognizeSimultaneouslyWith o: GestureRecognizer) -> Bool { true }
            func gestureRecognizer(_ r: GestureRecognizer, shouldBeRequiredToFailBy o: GestureRecognizer) -> Bool { o === waiter }
        }
        final class WaitsForTaps: PanGestureRecognizer {
            override func shouldRequireFailure(of other: GestureRecognizer) -> Bool { other is TapGestureRecognizer }
        }
        // shouldBeRequiredToFailBy on the required side's delegate.
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan"), hold = Probe(name: "hold")
        hold.onBegan = { p, _, e in p.schedule(id: 0, at: e.timestamp + .ms(300)) }
        hold.onDeadline = { p, _, _ in p.request(.failed) }
        let delegate = Lazy()
        delegate.waiter = pan
        pan.delegate = delegate
        hold.delegate = delegate
        h.add(pan)
        h.add(hold)
        let t = h.down(1, 1, at: 0)
        h.move(t, 3, 1, at: 10)
        #expect(pan.isPending)
        h.tick(300)
        #expect(h.log == ["pan.began@300"])
        h.up(t, at: 400)
        // The subclass form.
        let h2 = Harness()
        let pan2 = WaitsForTaps(name: "pan"), tap = TapGestureRecognizer(name: "tap")
        let sim = PermissiveDelegate()
        pan2.delegate = sim
        tap.delegate = sim
        h2.add(pan2)
        h2.add(tap)
        let u = h2.down(1, 1, at: 0)
        h2.move(u, 1.5, 1, at: 10)  // tap still possible (moved 0.5 < 1)
        h2.move(u, 3, 1, at: 20)    // the tap fails on movement, releasing the pan
        #expect(h2.log == ["pan.began@20"])
    }

    @Test func owedBeganEmitsBeganThenEndedInOneDispatch() {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan"), hold = Probe(name: "hold")
        hold.onBegan = { p, _, e in p.schedule(id: 0, at: e.timestamp + .ms(300)) }
        hold.onDeadline = { p, _, _ in p.request(.failed) }
        pan.require(toFail: hold)
        h.add(pan)
        h.add(hold)
        let t = h.down(1, 1, at: 0)
        h.move(t, 4, 1, at: 50)
        h.up(t, at: 100)
        #expect(h.log.isEmpty && pan.isPending)
        h.tick(300)
        #expect(h.log == ["pan.began@300", "pan.ended@300"])
        guard case let .pan(t1, d1, _) = h.snapshots[0].values, case let .pan(t2, d2, _) = h.snapshots[1].values else {
            Issue.record("pan values expected")
            return
        }
        #expect(t1 == GPoint(x: 3, y: 0) && d1 == t1 && t2 == t1 && d2 == .zero)
        #expect(pan.state == .possible)
    }

    @Test func handleCalledFromAnActionIsQueued() {
        let h = Harness()
        let tap = TapGestureRecognizer(name: "tap")
        h.add(tap)
        var inside: [String] = []
        tap.addAction { [unowned h] _ in
            h.manager.handle([.began(TouchID(77), at: GPoint(x: 5, y: 5))], at: .ms(60))
            inside.append("touches \(h.manager.activeTouches.count)")
        }
        h.up(h.down(1, 1, at: 0), at: 50)
        #expect(inside == ["touches 1"])  // the queued event had not run yet
        #expect(h.manager.activeTouches.map(\.id.raw) == [77])
        #expect(tap.numberOfTouches == 1)
    }

    @Test func disablingFromAnActionCancelsInTheSameHandle() {
        let h = Harness()
        let a = PanGestureRecognizer(name: "a"), b = PanGestureRecognizer(name: "b")
        a.recognizeSimultaneously(with: b)
        h.add(a)
        h.add(b)
        a.addAction { s in if s.state == .changed { b.isEnabled = false } }
        let t = h.down(1, 1, at: 0)
        h.move(t, 3, 1, at: 10)
        h.move(t, 5, 1, at: 20)
        #expect(h.log == ["a.began@10", "b.began@10", "a.changed@20", "b.changed@20", "b.cancelled@20"])
    }

    @Test func disablingOutsideDispatchUsesTheClock() {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        h.add(pan)
        let t = h.down(1, 1, at: 0)
        h.move(t, 3, 1, at: 10)
        h.clock.set(.ms(15))
        pan.isEnabled = false
        #expect(h.log == ["pan.began@10", "pan.cancelled@15"])
        h.move(t, 5, 1, at: 20)
        h.up(t, at: 30)
        #expect(h.log.count == 2 && pan.state == .possible)
        pan.isEnabled = true
        let u = h.down(1, 1, at: 40)
        h.move(u, 3, 1, at: 50)
        #expect(h.log.last == "pan.began@50")
    }

    @Test func removeCancelsAndDetaches() {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan")
        h.add(pan)
        let t = h.down(1, 1, at: 0)
        h.move(t, 3, 1, at: 10)
        h.clock.set(.ms(12))
        h.manager.remove(pan)
        h.up(t, at: 20)
        #expect(h.log == ["pan.began@10", "pan.cancelled@12"])
        let u = h.down(1, 1, at: 30)
        h.move(u, 3, 1, at: 40)
        #expect(h.log.count == 2 && pan.numberOfTouches == 0)
    }

    @Test func stateSequencesOfDiscreteAndContinuous() {
        let h = Harness()
        let pan = PanGestureRecognizer(name: "pan"), tap = TapGestureRecognizer(name: "tap")
        let sim = PermissiveDelegate()
        pan.delegate = sim
        tap.delegate = sim
        h.add(pan)
        h.add(tap)
        var states: [String] = []
        let t = h.down(1, 1, at: 0)
        states.append("\(pan.state)/\(tap.state)")
        h.move(t, 2, 1, at: 10)
        states.append("\(pan.state)/\(tap.state)")
        h.move(t, 3, 1, at: 20)
        states.append("\(pan.state)/\(tap.state)")
        h.up(t, at: 30)
        states.append("\(pan.state)/\(tap.state)")
        #expect(states == ["possible/possible", "began/failed", "changed/failed", "possible/possible"])
        #expect(h.log == ["pan.began@10", "pan.changed@20", "pan.ended@30"])
    }

    @Test func discreteCannotBeginAndContinuousCannotEndFromPossible() {
        let h = Harness()
        let d = DiscreteProbe(name: "d"), c = Probe(name: "c")
        d.onEnded = { $0.request(.began) }
        c.onEnded = { p, _, _ in p.request(.ended) }
        h.add(d)
        h.add(c)
        h.up(h.down(1, 1, at: 0), at: 10)
        #expect(h.log.isEmpty)
        #expect(h.manager.diagnostics == ["d: discrete recognizer cannot begin",
                                          "c: continuous recognizer cannot end from possible"])
    }

    @Test func requestsInTerminalStatesAreIgnored() {
        let h = Harness()
        let c = Probe(name: "c")
        c.onMoved = { p, _, _ in
            p.request(.failed)
            p.request(.began)
        }
        h.add(c)
        let t = h.down(1, 1, at: 0)
        h.move(t, 2, 1, at: 10)
        #expect(c.state == .failed && h.log.isEmpty)
        #expect(h.manager.diagnostics == ["c: request began ignored in terminal state failed"])
    }

    @Test func multiTouchEventDeliversGroupsInPhaseOrder() {
        let h = Harness()
        let p = Probe(name: "p")
        h.add(p)
        let a = h.down(1, 1, at: 0)
        let b = TouchID(50), c = TouchID(51)
        h.manager.handle([.began(b, at: GPoint(x: 5, y: 5)), .ended(a), .moved(TouchID(99), to: .zero),
                          .began(c, at: GPoint(x: 7, y: 7))], at: .ms(10))
        #expect(p.calls == ["began[1]@0", "began[50, 51]@10", "ended[1]@10"])
        #expect(p.touches.map(\.id.raw) == [50, 51])
    }

    @Test func disablingARequirementReleasesItsWaiters() {
        let s = TouchScript()
        s.run("↓(12,7)@0 →(13,7)@30")
        #expect(s.graph.objectPan.isPending)
        #expect(s.run("disable(swipeR)@40") == ["objectPan.began@40 T(1,0) d(1,0)"])
        #expect(s.graph.swipeRight.state == .failed && s.graph.cameraPan.state == .failed)
    }
}
