import Foundation
import Testing
@testable import Gestures

@Suite struct MathAndNotationTests {
    @Test func trigonometryMatchesTheSystemLibrary() {
        var x = -20.0
        while x <= 20 {
            #expect(abs(Trigonometry.sin(x) - Foundation.sin(x)) < 1e-14)
            #expect(abs(Trigonometry.cos(x) - Foundation.cos(x)) < 1e-14)
            #expect(abs(Trigonometry.atan(x) - Foundation.atan(x)) < 1e-14)
            #expect(abs(Trigonometry.atan2(x, 3 - x) - Foundation.atan2(x, 3 - x)) < 1e-14)
            #expect(abs(Trigonometry.wrapToPi(x) - Foundation.remainder(x, 2 * .pi)) < 1e-12)
            x += 0.37
        }
        #expect(Trigonometry.atan2(0, -1) == .pi && Trigonometry.atan2(-1, 0) == -.pi / 2 && Trigonometry.atan2(0, 0) == 0)
        #expect(Trigonometry.floorToInt(-0.5) == -1 && Trigonometry.floorToInt(2.999) == 2 && Trigonometry.floorToInt(-3) == -3)
    }

    @Test func cellMetrics() {
        let m = CellMetrics()
        #expect(m.iso(col: 12, row: 7) == GPoint(x: 12.5, y: 15))
        #expect(m.cell(GPoint(x: 12.5, y: 15)) == (12, 7))
        #expect(m.cell(GPoint(x: -0.5, y: -0.1)) == (-1, -1))
        #expect(CellMetrics(aspect: 2.5).iso(col: 0, row: 1) == GPoint(x: 0.5, y: 3.75))
    }

    @Test func timeArithmeticAndDescription() {
        #expect(GestureTime.ms(380).description == "380")
        #expect((GestureTime.ms(380) + GestureTime(nanoseconds: 500_000)).description == "380.5")
        #expect((GestureTime.ms(300) - .ms(50)).seconds == 0.25)
        let clock = ManualClock()
        clock.advance(ms: 30)
        #expect(clock.now == .ms(30))
        clock.set(.ms(5))
        #expect(clock.now == .ms(5))
    }

    @Test func bothNotationsReadTheSame() {
        let arrows = TouchScript(), words = TouchScript()
        let a = arrows.run("↓(12,7)@0 →(13,7)@100 →(14,7)@200 ↑@300")
        let w = words.run("down(12,7)@0 move(13,7)@100 move(14,7)@200 up@300")
        #expect(a == w && a.count == 3)
    }
}
