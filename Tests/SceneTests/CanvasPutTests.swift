import Testing
@testable import Scene

/// `Canvas.put` writes ASCII text byte by byte and everything else character by character
/// (issue 35): both ways give the same cells, clipped the same way.
@Suite("Canvas text")
struct CanvasPutTests {
    /// The glyphs of a row as one character each.
    private func row(_ canvas: Canvas, _ r: Int) -> [Character] { (0..<canvas.width).map { canvas[$0, r].glyph } }

    @Test("ASCII text is clipped on both sides and carries its style, id and the front depth")
    func ascii() {
        var canvas = Canvas(width: 4, height: 2)
        let style = TextStyle(foreground: .index(9), bold: true)
        canvas.put("xyz", column: -1, row: 1, style: style, id: .control(7))
        canvas.put("abcdef", column: 2, row: 0)
        #expect(row(canvas, 0) == [" ", " ", "a", "b"])
        #expect(row(canvas, 1) == ["y", "z", " ", " "])
        #expect(canvas[0, 1] == TerminalCell(glyph: "y", style: style, depth: -.infinity, id: .control(7)))
        #expect(canvas[0, 1].cellGlyph == CellGlyph("y"))
        #expect(canvas[2, 1] == .blank)
        // Rows outside the canvas are left alone.
        canvas.put("q", column: 0, row: 2)
        canvas.put("q", column: 0, row: -1)
        #expect(canvas.text == "  ab\nyz")
    }

    @Test("a letter and the combining mark after it, and CR LF, take one cell each")
    func graphemes() {
        var canvas = Canvas(width: 6, height: 2)
        canvas.put("e\u{301}x·", column: 0, row: 0)
        canvas.put("a\r\nb", column: 1, row: 1)
        #expect(row(canvas, 0) == ["e\u{301}", "x", "·", " ", " ", " "])
        #expect(canvas[0, 0].glyph.unicodeScalars.map(\.value) == [0x65, 0x301])
        #expect(row(canvas, 1) == [" ", "a", "\r\n", "b", " ", " "])
    }
}
