import Testing
@testable import Scene

/// A cell's glyph packed as bits (`CellGlyph`, issue 35): every character a cell is given comes
/// back the same, and a cell is copied as bytes.
@Suite("Cell glyphs")
struct CellGlyphTests {
    @Test("characters of one to six scalars come back as they were",
          arguments: [" ", "x", "\0", "\u{7F}", "\u{80}", "·", "\u{24FF}", "─", "█", "▜", "\u{259F}", "\u{25A0}", "\u{1FAFF}",
                      "\u{1FB00}", "\u{1FB3B}", "\u{1FB3F}", "\u{1FB40}", "é", "e\u{301}", "\r\n",
                      "🇫🇷", "👍🏽", "👨‍👩‍👧", "a\u{301}\u{302}\u{303}\u{304}\u{305}"] as [Character])
    func roundTrip(character: Character) {
        #expect(CellGlyph(character).character.unicodeScalars.elementsEqual(character.unicodeScalars))
        #expect(TerminalCell(glyph: character).glyph == character)
        var cell = TerminalCell.blank
        cell.glyph = character
        #expect(cell.glyph.unicodeScalars.elementsEqual(character.unicodeScalars))
    }

    @Test("a grapheme of more than six scalars keeps its first six, which ncurses would refuse as well")
    func longGrapheme() {
        let long: Character = "a\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}"
        #expect(CellGlyph(long).character.unicodeScalars.map(\.value) == [0x61, 0x301, 0x302, 0x303, 0x304, 0x305])
        let family: Character = "👨‍👩‍👧‍👦"
        #expect(CellGlyph(family).character.unicodeScalars.elementsEqual(family.unicodeScalars.prefix(6)))
    }

    @Test("different characters pack differently")
    func distinct() {
        let glyphs: [Character] = [" ", "\0", "a", "b", "é", "e\u{301}", "▀", "▄", "\u{1FB00}", "🇫🇷", "🇫🇮"]
        #expect(Set(glyphs.map(CellGlyph.init)).count == glyphs.count)
    }

    @Test("cells compare their glyphs as characters: canonically equivalent spellings are equal")
    func equality() {
        #expect(TerminalCell(glyph: "é") == TerminalCell(glyph: "e\u{301}"))
        #expect(TerminalCell(glyph: "é") != TerminalCell(glyph: "e"))
        #expect(TerminalCell(glyph: "x", style: TextStyle(bold: true)) != TerminalCell(glyph: "x"))
        #expect(TerminalCell(glyph: "x", depth: 1) != TerminalCell(glyph: "x", depth: 2))
    }

    @Test("a cell is plain bits: copied without reference counting")
    func plainBits() {
        #expect(_isPOD(TerminalCell.self))
        #expect(_isPOD(CellGlyph.self))
    }
}
