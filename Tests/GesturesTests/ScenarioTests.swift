import Testing
@testable import Gestures

/// Part C of the spec: every scenario with its exact action log, the "also assert" column where it
/// says something observable, and every scenario run twice in a row on the same recognizers.
@Suite struct ScenarioTests {
    @Test(arguments: scenarioTable)
    func actionLog(_ scenario: Scenario) {
        let script = scenario.makeScript()
        #expect(script.run(scenario.script) == scenario.expected)
        #expect(script.manager.diagnostics.isEmpty)
    }

    /// No state leaks between gestures (pitfall D10): the second run, 10 s later on the same
    /// manager and recognizers, logs exactly what the first did.
    @Test(arguments: scenarioTable)
    func twiceInARow(_ scenario: Scenario) {
        let script = scenario.makeScript()
        let first = script.run(scenario.script)
        script.finish()
        let firstWithCleanup = Array(script.log)
        script.log.removeAll()
        script.offset = 10_000
        let second = script.run(scenario.script)
        script.finish()
        #expect(first == scenario.expected)
        #expect(second == scenario.expected)
        #expect(script.log == firstWithCleanup)
        #expect(script.manager.activeTouches.isEmpty)
        #expect(script.manager.nextDeadline == nil)
        #expect(script.recognizers.allSatisfy { $0.state == .possible && $0.numberOfTouches == 0 })
    }

    /// Arbitration does not depend on attach order (Hammer #912): with the graph attached in
    /// reverse, every scenario produces the same actions at the same times (only the order of
    /// actions committed in one dispatch may follow the new member order).
    @Test(arguments: scenarioTable.filter { $0.setup == .graph })
    func attachOrderIndependence(_ scenario: Scenario) {
        func byTime(_ log: [String]) -> [String: [String]] {
            Dictionary(grouping: log) { line in String(line.split(separator: "@")[1].split(separator: " ")[0]) }
                .mapValues { $0.sorted() }
        }
        let reversed = TouchScript(reversed: true)
        #expect(byTime(reversed.run(scenario.script)) == byTime(scenario.expected))
    }

    @Test func scenario1States() {
        let s = TouchScript()
        let g = s.graph
        s.run("↓(12,7)@0 →(13,7)@30")
        #expect(g.swipeLeft.state == .failed)       // backtrack
        #expect(g.swipeUp.state == .failed)         // deviation
        #expect(g.swipeDown.state == .failed)
        #expect(g.swipeRight.state == .possible)
        #expect(g.tap.state == .failed && g.doubleTap.state == .failed)
        #expect(g.objectPan.state == .possible && g.objectPan.isPending)
        #expect(g.cameraPan.isPending)
        s.run("→(14,7)@60 →(15,7)@90")
        #expect(g.objectPan.state == .failed && g.cameraPan.state == .failed)
        #expect(g.swipeRight.state == .ended)
        s.run("↑@100")
        #expect(s.recognizers.allSatisfy { $0.state == .possible })
    }

    @Test func scenario2CameraPanFailsInTheSameDispatch() {
        let s = TouchScript()
        s.run("↓(12,7)@0 →(13,7)@100")
        #expect(s.graph.swipeRight.state == .failed)
        #expect(s.graph.cameraPan.state == .failed)
        #expect(s.graph.objectPan.state == .began)
    }

    @Test func scenario3OffPieceMembership() {
        let s = TouchScript()
        s.run("↓(40,15)@0")
        #expect(s.graph.swipes.allSatisfy { $0.numberOfTouches == 0 })  // never members
        #expect(s.graph.reset.numberOfTouches == 1)
        s.run("→(41,15)@100")
        #expect(s.graph.objectPan.state == .failed)  // shouldBegin false
        #expect(s.graph.cameraPan.state == .began)
    }

    @Test func scenario5PanWaitsForTheSwipeDeadline() {
        let s = TouchScript()
        s.run("↓(12,7)@0 →(13,7)@30")
        #expect(s.manager.nextDeadline == .ms(250))
        s.run("tick@249")
        #expect(s.log.isEmpty && s.graph.objectPan.isPending)
        s.run("tick@250")
        #expect(s.log == ["objectPan.began@250 T(1,0) d(1,0)"])
    }

    @Test func scenario6TapPendsOnDoubleTap() {
        let s = TouchScript()
        s.run("↓(12,7)@0 ↑@80")
        #expect(s.graph.tap.isPending)
        #expect(s.manager.nextDeadline == .ms(380))
        #expect(s.graph.objectPan.state == .possible && s.graph.swipeRight.state == .possible)
    }

    @Test func scenario7PendingTapTakesNoNewTouch() {
        let s = TouchScript()
        s.run("↓(12,7)@0 ↑@80 ↓(12,7)@200")
        #expect(s.graph.tap.isPending && s.graph.tap.numberOfTouches == 0)
        #expect(s.graph.doubleTap.numberOfTouches == 1)
        s.run("↑@260")
        #expect(s.graph.tap.state == .possible)  // failed@260, then reset
    }

    @Test func scenario9PreResolution() {
        let s = TouchScript()
        s.run("↓(12,7)@0 ↑@80 ↓(18,7)@150")
        #expect(s.log == ["tap.ended@150 n1 at(12.5,15)"])
        #expect(s.graph.tap.numberOfTouches == 1)  // the new touch went to the fresh tap
    }

    @Test func scenario12TapFailsOnPressDeadline() {
        let s = TouchScript()
        s.run("↓(12,7)@0 tick@500")
        #expect(s.graph.tap.state == .failed && s.graph.doubleTap.state == .failed)
    }

    @Test func scenario18PairSharesTheAnchorHit() {
        let s = TouchScript()
        s.run("wheelUp(14,7)@0")
        #expect(s.manager.activeTouches.count == 2)
        #expect(s.manager.activeTouches.allSatisfy { $0.hit.node == TouchScript.piece && $0.source == .synthetic })
        #expect(s.graph.objectPan.numberOfTouches == 0 && s.graph.tap.numberOfTouches == 0)
        #expect(s.snapshots.first?.initialHit == TouchScript.piece)
    }

    @Test func scenario23WheelIgnoredWhileMouseActive() {
        let s = TouchScript()
        s.run("↓(12,7)@0 →(13,7)@100 wheelUp@150")
        #expect(s.manager.activeTouches.count == 1)
        #expect(s.graph.pinch.numberOfTouches == 0)
    }

    @Test func scenario25LaterReleaseIsIgnored() {
        let s = TouchScript()
        s.run("↓(12,7)@0 →(13,7)@100 →(14,7)@200 esc@250")
        #expect(s.manager.activeTouches.isEmpty)
        #expect(s.run("↑@400").isEmpty)
        #expect(s.graph.objectPan.state == .possible)
    }

    @Test func scenario32DisabledRecognizerStaysOut() {
        let s = TouchScript()
        s.run("↓(12,7)@0 →(13,7)@100 disable(objectPan)@150 →(15,7)@200 ↑@300 ↓(12,7)@400")
        #expect(s.graph.objectPan.numberOfTouches == 0)  // excluded from new touches
        #expect(s.graph.cameraPan.numberOfTouches == 1)
    }

    @Test func scenario34NoNaNWithBunchedTimestamps() {
        for start in ["(12,7)", "(40,15)"] {
            let s = TouchScript()
            s.run("↓\(start)@0")
            let (c, r) = start == "(12,7)" ? (12, 7) : (40, 15)
            s.run("→(\(c + 1),\(r))@40 →(\(c + 2),\(r))@40 →(\(c + 3),\(r))@50 ↑@55")
            for snapshot in s.snapshots {
                if case let .pan(t, d, v) = snapshot.values {
                    #expect(t.x.isFinite && d.x.isFinite && v.x.isFinite && v.y.isFinite)
                }
                #expect(snapshot.location.x.isFinite && snapshot.location.y.isFinite)
            }
            #expect(!s.snapshots.isEmpty)
        }
    }

    @Test func scenario35StaticCycleIsRefused() async {
        let a = TapGestureRecognizer(name: "a"), b = TapGestureRecognizer(name: "b")
        a.require(toFail: b)
        #expect(b.wouldCreateCycle(requiring: a))
        #expect(!a.wouldCreateCycle(requiring: b))
        await #expect(processExitsWith: .failure) {
            let a = TapGestureRecognizer(name: "a"), b = TapGestureRecognizer(name: "b")
            a.require(toFail: b)
            b.require(toFail: a)
        }
    }

    @Test func scenario36PanVelocity() {
        let s = TouchScript()
        let moves = (1...10).map { "→(\(40 + $0),15)@\($0 * 10)" }.joined(separator: " ")
        s.run("↓(40,15)@0 \(moves) ↑@110")
        guard case let .pan(_, _, v)? = s.snapshots.last?.values else {
            Issue.record("no pan snapshot")
            return
        }
        #expect(abs(v.x - 100) <= 1 && v.y == 0)

        let late = TouchScript()
        late.run("↓(40,15)@0 \(moves) ↑@200")
        guard case let .pan(_, _, w)? = late.snapshots.last?.values else {
            Issue.record("no pan snapshot")
            return
        }
        #expect(w == .zero)  // gap 100 > 80
    }

    @Test func scenario37BeganCarriesTheDeadlineTime() {
        let s = TouchScript()
        s.run("↓(12,7)@0 →(13,7)@30 →(14,7)@600")
        #expect(s.snapshots.map(\.timestamp) == [.ms(250), .ms(600)])
    }

    /// A recognizer that asks for `changed` straight from possible.
    final class Illegal: GestureRecognizer {
        override func touchesBegan(_ touches: [Touch], event: TouchEvent) { request(.changed) }
    }

    @Test func scenario38IllegalTransitionIsRefused() {
        let clock = ManualClock()
        let m = GestureManager(clock: clock)
        let r = Illegal(name: "illegal")
        var log: [GestureRecognizer.State] = []
        r.addAction { log.append($0.state) }
        m.add(r)
        m.handle([.began(TouchID(1), at: GPoint(x: 1, y: 1))], at: .ms(0))
        #expect(r.state == .possible)
        #expect(log.isEmpty)
        #expect(m.diagnostics == ["illegal: possible → changed is illegal"])
        m.handle([.ended(TouchID(1))], at: .ms(10))
        #expect(r.state == .possible && log.isEmpty)  // failed by the sweep, then reset
    }
}
