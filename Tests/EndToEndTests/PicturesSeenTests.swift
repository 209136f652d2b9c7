import Foundation
import Testing

/// Issue 34's position in a real xterm: L, Z and V put on their fits, B selected with its fit's
/// ghost, P behind the cube and A and T on the floor where they start; in colour, with
/// NO_COLOR=1, with TERM=linux, on a white background and in the C locale without colour
/// (ascii), at 80x24 and 120x40. The pictures go where `RealTerminalTests` puts its own
/// (`$SOMA_PICTURES`), to be looked at; the screen's text is checked for what text alone can
/// show: without block cells each of the seven pieces shows its own fill in the picture and
/// the legend shows the same fill beside its letter, so a player can name every piece without
/// reading the letters on them (the cell-level properties, which need hit ids, are checked on
/// rendered canvases in `SeenAsDrawnTests`).
@Suite("Real terminal: issue 34's position in every look", .serialized, .timeLimit(.minutes(15)),
       .requires(.soma), .requires(.xterm))
struct PicturesSeenTests {
    /// The release binary, or the debug one where only the tests were built: the pictures are
    /// the same (rendering is a pure function), only slower to come.
    static let binary = SomaBinary.exists ? SomaBinary.path : SomaBinary.debugPath
    static let looks = RealTerminalTests.looks
        + [RealTerminalTests.Look(name: "ascii", environment: ["LANG": "C", "LC_ALL": "C", "NO_COLOR": "1"])]
    /// The looks drawn without block cells, where each piece wears its own fill.
    static let filled: Set<String> = ["nocolor", "linux", "ascii"]
    /// The pieces V L T Z A B P and, for each look with fills, the glyphs of its fill (any
    /// light, either cell of the checker) and the legend's swatch.
    static func fills(ascii: Bool) -> [(letter: Character, glyphs: Set<Character>, swatch: String)] {
        let unicode: [(Character, String, String)] = [
            ("V", "█", "██"), ("L", "▌", "▌▌"), ("T", "▃▂▁", "▃▃"), ("Z", "◢", "◢◢"), ("A", "●", "●●"),
            ("B", "┼", "┼┼"), ("P", "▚", "▚▚"),
        ]
        let plain: [(Character, String, String)] = [
            ("V", "#", "##"), ("L", ":", "::"), ("T", "=", "=="), ("Z", "%", "%%"), ("A", "*", "**"), ("B", "+", "++"),
            ("P", "$", "$$"),
        ]
        return (ascii ? plain : unicode).map { (letter: $0.0, glyphs: Set($0.1), swatch: $0.2) }
    }
    static let sizes = [(80, 24), (120, 40)]

    @Test("L, Z, V placed, B selected: the picture in each look, no slash art",
          arguments: looks, [0, 1])
    func position(look: RealTerminalTests.Look, size: Int) throws {
        let (width, height) = Self.sizes[size]
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let xterm = try XTerm([Self.binary, "play", "cube", "--assist", "solvable", "--state-file", stateFile],
                              columns: width, rows: height, background: look.background, foreground: look.foreground,
                              environment: look.environment)
        try #require(xterm.waitForScreen(containing: "0/7 in place"), "no first frame: \((try? xterm.screen()) ?? "")")
        // L, Z and V each put on the fit the assist chose (Space), one at a time.
        for (key, count) in [("2", 1), ("4", 2), ("1", 3)] {
            try xterm.press(key, "space")
            #expect(xterm.waitForScreen(containing: "\(count)/7 in place"), "\(look.name): \((try? xterm.screen()) ?? "")")
        }
        try xterm.press("6")
        // B named on the bottom line (its long or its short wording, as the width allows).
        #expect(XTerm.poll(timeout: 10) {
            let last = ((try? xterm.screen()) ?? "").split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            // One of the bottom line's items, three spaces apart, is B's position (or B alone).
            return last.map { $0.components(separatedBy: "   ").contains { $0.trimmingCharacters(in: .whitespaces) == "B" || $0.hasPrefix("B  ") } } ?? false
        }, "\(look.name): \((try? xterm.screen()) ?? "")")
        let screen = try xterm.screen()
        let path = "\(RealTerminalTests.pictures)/position-\(look.name)-\(width)x\(height).png"
        try xterm.screenshot(path)
        print("picture: \(path)")
        #expect(!screen.contains("╱") && !screen.contains("╲"), "\(look.name): \(screen)")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if Self.filled.contains(look.name) {
            // The picture (left of the legend's 22 columns, between the top and bottom lines):
            // every piece's fill seen, in eight cells or more at 120x40, four or more at 80x24,
            // L too, set in the cube behind B's fit and under Z and V (two `▌` until its part
            // seen through the figure kept its fill, faint, round 5; three in round 6; one `:`
            // in ascii, where the veil stays `.`), counted in this xterm; the legend: each
            // letter with its fill.
            let picture = lines.prefix(height - 1).dropFirst().map { $0.prefix(width - 22) }.joined()
            for (letter, glyphs, swatch) in Self.fills(ascii: look.name == "ascii") {
                let cells = picture.filter { glyphs.contains($0) }.count
                #expect(cells >= (width >= 120 ? 8 : (letter == "L" && look.name == "ascii" ? 1 : 4)), "\(look.name) \(width)x\(height): \(letter)'s fill \(glyphs) in \(cells) cells\n\(screen)")
                #expect(lines.contains { $0.contains(" \(letter) \(swatch)") }, "\(look.name): \(letter)'s swatch \(swatch)\n\(screen)")
            }
        } else {
            // Block cells: colour tells the pieces apart, the legend shows it in a swatch.
            for letter in "VLTZABP" { #expect(lines.contains { $0.contains(" \(letter) ██") }, "\(look.name): \(letter)\n\(screen)") }
        }
        try xterm.press("q")
    }
}
