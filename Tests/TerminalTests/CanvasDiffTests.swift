@testable import Scene
import Testing
@testable import Terminal

@Suite("Canvas diff")
struct CanvasDiffTests {
    @Test("the first frame, or one of another size, redraws every cell")
    func fullRedraw() {
        let canvas = Canvas(width: 3, height: 2)
        #expect(CanvasDiff.changedCells(from: nil, to: canvas) == Array(0..<6))
        #expect(CanvasDiff.changedCells(from: Canvas(width: 2, height: 3), to: canvas) == Array(0..<6))
    }

    @Test("a piece moved one cell right redraws only the two cells that changed")
    func oneCellMove() {
        let style = TextStyle(background: .index(208))
        var before = Canvas(width: 10, height: 4)
        before.put("##", column: 2, row: 1, style: style)
        var after = Canvas(width: 10, height: 4)
        after.put("##", column: 3, row: 1, style: style)
        #expect(CanvasDiff.changedCells(from: before, to: after) == [12, 14])
    }

    @Test("style counts, depth and hit ids do not")
    func whatCounts() {
        var before = Canvas(width: 2, height: 1)
        var after = before
        after[0, 0] = TerminalCell(glyph: " ", style: .plain, depth: 3, id: .floor(x: 0, y: 0))
        #expect(CanvasDiff.changedCells(from: before, to: after) == [])
        before[1, 0].style.bold = true
        #expect(CanvasDiff.changedCells(from: before, to: after) == [1])
    }
}
