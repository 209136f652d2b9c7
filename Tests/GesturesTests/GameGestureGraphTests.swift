import Testing
@testable import Gestures

/// The graph of spec B9, as built for the game and the benchmark.
@Suite struct GameGestureGraphTests {
    @Test func matchesTheTableOfB9() {
        let g = GameGestureGraph(manager: GestureManager(clock: ManualClock()))
        #expect(g.all.map(\.name) == ["swipeL", "swipeR", "swipeU", "swipeD", "objectPan", "cameraPan",
                                      "tap", "doubleTap", "pinch", "rotation", "reset"])
        #expect(g.swipes.allSatisfy { $0.allowedSources == .mouseLeft })
        #expect(g.objectPan.allowedSources == [.mouseLeft, .keyboard] && g.objectPan.maximumNumberOfTouches == 1)
        #expect(g.cameraPan.allowedSources == [.mouseLeft, .mouseRight, .keyboard] && g.cameraPan.maximumNumberOfTouches == 1)
        #expect(g.tap.allowedSources == [.mouseLeft, .keyboard] && g.doubleTap.allowedSources == .mouseLeft)
        #expect(g.doubleTap.numberOfTapsRequired == 2)
        #expect(g.pinch.allowedSources == .synthetic && g.rotation.allowedSources == .synthetic)
        #expect(g.reset.allowedSources == .mouseLeft)
        #expect(g.objectPan.requiredToFail.map(\.name) == ["swipeL", "swipeR", "swipeU", "swipeD"])
        #expect(g.cameraPan.requiredToFail.map(\.name) == ["objectPan", "swipeL", "swipeR", "swipeU", "swipeD"])
        #expect(g.tap.requiredToFail.map(\.name) == ["doubleTap"])
        #expect(g.all.allSatisfy { $0.delegate === g.delegate })
        let a = g.all
        for x in a { for y in a where x !== y {
            #expect(g.delegate.gestureRecognizer(x, shouldRecognizeSimultaneouslyWith: y))
        } }
    }
}
