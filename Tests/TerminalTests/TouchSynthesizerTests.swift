import Gestures
import Testing
@testable import Terminal

@Suite("Touch synthesizer (spec B8)")
struct TouchSynthesizerTests {
    let piece = HitResult(path: [TargetID(7), .root], node: NodeID(3))

    /// Each dispatch as text: "began#1@(10.5,9.0)" etc., touches separated by spaces.
    func run(_ synth: inout TouchSynthesizer, _ event: InputEvent, at ms: Int64 = 0) -> [String] {
        synth.touches(for: event, at: .ms(ms), hitTest: { _ in piece }).map(Self.describe)
    }

    static func describe(_ dispatch: [TouchChange]) -> String {
        dispatch.map { change in
            let place = change.location.map { "@(\(($0.x * 100).rounded() / 100),\(($0.y * 100).rounded() / 100))" } ?? ""
            let source = change.phase == .began ? " \(change.source)" : ""
            return "\(change.phase)\(change.id)\(place)\(source)"
        }.joined(separator: " ")
    }

    func mouse(_ action: MouseAction, _ button: MouseButton? = .left, _ column: Int, _ row: Int,
               _ modifiers: KeyModifiers = []) -> InputEvent {
        .mouse(MouseEvent(action, button, column: column, row: row, modifiers: modifiers))
    }

    @Test("a drag is one touch; motion within the same cell is dropped")
    func drag() {
        var s = TouchSynthesizer()
        #expect(run(&s, mouse(.press, .left, 10, 4)) == ["began#1@(10.5,9.0) mouse(Gestures.MouseButton.left)"])
        #expect(run(&s, mouse(.drag, .left, 11, 4)) == ["moved#1@(11.5,9.0)"])
        #expect(run(&s, mouse(.drag, .left, 11, 4)) == [])
        #expect(run(&s, mouse(.release, .left, 12, 5)) == ["ended#1@(12.5,11.0)"])
        #expect(!s.isMouseTouchActive)
    }

    @Test("a press while a touch is active cancels it first, in its own dispatch")
    func lostRelease() {
        var s = TouchSynthesizer()
        _ = run(&s, mouse(.press, .left, 1, 1))
        #expect(run(&s, mouse(.press, .right, 2, 2)) == ["cancelled#1", "began#2@(2.5,5.0) mouse(Gestures.MouseButton.right)"])
    }

    @Test("the wheel is a pinch pair around the pointer that ends when idle")
    func wheelPinch() {
        var s = TouchSynthesizer(pairRadius: 4)
        #expect(run(&s, mouse(.wheelUp, .none, 10, 4), at: 100)
            == ["began#1@(6.5,9.0) synthetic began#2@(14.5,9.0) synthetic", "moved#1@(6.1,9.0) moved#2@(14.9,9.0)"])
        #expect(run(&s, mouse(.wheelDown, .none, 30, 4), at: 150) == ["moved#1@(6.5,9.0) moved#2@(14.5,9.0)"])
        #expect(s.pairDeadline == .ms(350))
        #expect(s.expirePair(at: .ms(349)).isEmpty)
        #expect(s.expirePair(at: .ms(350)).map(Self.describe) == ["ended#1 ended#2"])
        #expect(s.pairDeadline == nil)
    }

    @Test("Alt+wheel is a rotation pair; switching kinds ends the other pair in the same event")
    func wheelRotation() {
        var s = TouchSynthesizer(pairRadius: 4)
        _ = run(&s, mouse(.wheelUp, .none, 10, 4))
        let events = run(&s, mouse(.wheelDown, .none, 10, 4, .alt), at: 10)
        #expect(events.count == 2)
        #expect(events[0] == "ended#1 ended#2 began#3@(6.5,9.0) synthetic began#4@(14.5,9.0) synthetic")
        #expect(events[1] == "moved#3@(6.64,7.96) moved#4@(14.36,10.04)")   // 15° clockwise on screen
    }

    @Test("the wheel is ignored while a button is down; a press ends a pair before it begins")
    func wheelAndButton() {
        var s = TouchSynthesizer()
        _ = run(&s, mouse(.press, .left, 1, 1))
        #expect(run(&s, mouse(.wheelUp, .none, 1, 1)) == [])
        _ = run(&s, mouse(.release, .left, 1, 1))
        _ = run(&s, mouse(.wheelUp, .none, 5, 5))
        #expect(run(&s, mouse(.press, .left, 5, 5)) == ["ended#2 ended#3 began#4@(5.5,11.0) mouse(Gestures.MouseButton.left)"])
    }

    @Test("keys are not gestures: no key makes a touch (the screens' key tables take them)")
    func keysMakeNoTouches() {
        var s = TouchSynthesizer()
        for key: Key in [.right, .up, .character(" "), .enter, .character("+"), .character("]"), .character("x")] {
            #expect(run(&s, .key(KeyPress(key))) == [], "\(key)")
            #expect(run(&s, .key(KeyPress(key, .shift))) == [], "Shift-\(key)")
        }
    }

    @Test("ESC, resize and focus-out cancel every active touch")
    func cancel() {
        var s = TouchSynthesizer()
        _ = run(&s, mouse(.wheelUp, .none, 5, 5))
        _ = run(&s, .key(KeyPress(.escape)))
        #expect(s.pairDeadline == nil)
        _ = run(&s, mouse(.press, .left, 1, 1))
        #expect(run(&s, .resize(ScreenSize(width: 80, height: 24))) == ["cancelled#3"])
        _ = run(&s, mouse(.press, .left, 1, 1))
        #expect(run(&s, .focus(false)) == ["cancelled#4"])
        #expect(run(&s, .focus(false)) == [])
    }
}
