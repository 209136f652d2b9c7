import Polycube
import Scene
import Testing
@testable import Game

/// Issue 13 in the Soma game: Bedlam's thirteen pieces by number, the legend for any count,
/// play without colour, plain mode, and keys moved by the settings.
@Suite struct TerminalsAndPlayersTests {
    static let bedlam = SomaSession(figure: try! Catalog.figure(named: "bedlam"))

    /// Pieces 10-13 are two digits typed within 0.7 s; a single digit selects at once; 0
    /// alone still resets the view.
    @Test func everyBedlamPieceIsSelectableByDigits() {
        var s = Self.bedlam
        #expect(s.game.pieces.count == 13)
        for n in 1...9 {
            s.handle(.character(Character(String(n))), now: Double(n) * 10)
            #expect(s.game.selection == n - 1)
        }
        var selected: [Int?] = []
        for (k, n) in (10...13).enumerated() {
            let t = 200 + Double(k) * 10
            s.handle(.character("1"), now: t)
            #expect(s.game.selection == 0, "the first digit selects piece 1 at once")
            s.handle(.character(Character(String(n - 10))), now: t + 0.5)
            selected.append(s.game.selection)
        }
        #expect(selected == [9, 10, 11, 12])
        #expect(s.game.pieces[12].letter == "M")
    }

    /// Too slow, the second digit is a key of its own: `1`, then `3` after the window, selects 3;
    /// `0` resets the view as before.
    @Test func aLateSecondDigitStandsAlone() {
        var s = Self.bedlam
        s.handle(.character("1"), now: 0)
        s.handle(.character("3"), now: 0 + SomaSession.digitWindow + 0.1)
        #expect(s.game.selection == 2)
        s.handle(.shiftLeft, now: 5)
        let turned = s.viewpoint
        s.handle(.character("0"), now: 6)
        #expect(s.viewpoint != turned)
        #expect(s.game.selection == 2)
        // In the seven-piece game `1 0` never makes ten: the 0 resets the view.
        var soma = SomaSession(figure: Fixtures.cube)
        soma.handle(.character("1"), now: 0)
        soma.handle(.shiftLeft, now: 0.1)
        let view = soma.viewpoint
        soma.handle(.character("1"), now: 0.2)
        soma.handle(.character("0"), now: 0.3)
        #expect(soma.game.selection == 0)
        #expect(soma.viewpoint != view)
    }

    /// The status line and the help say how to reach 10-13; the legend lines the numbers up.
    @Test func bedlamsLegendAndStatusLine() {
        let text = Self.bedlam.view(width: 80, height: 24, now: 0, style: .blocks256).text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // At 80 columns the bottom line keeps the part that says how to select.
        #expect(lines[23] == " Tab or 1-13 (two digits): select a piece")
        let wide = Self.bedlam.view(width: 120, height: 40, now: 0, style: .blocks256).text
        #expect(wide.contains(" Tab or 1-13 (two digits): select a piece   Put the 13 pieces into the grey figure"))
        #expect(lines[3].hasSuffix("  1 A ██"))
        #expect(lines[11].hasSuffix("  9 I ██"))
        #expect(lines[12].hasSuffix(" 10 J ██"))
        #expect(lines[15].hasSuffix(" 13 M ██"))
        let bedlamHelp = Self.bedlam.helpView(width: 80, height: 24)
        #expect(bedlamHelp.contains("1-13         select piece (10-13: two"), "\(bedlamHelp)")
    }

    /// Where thirteen entries do not fit one under another (60x20, the smallest screen), the
    /// legend goes in two columns of seven, every entry still a number, a letter and a swatch.
    @Test func theLegendGoesInColumnsWhenItMustFit() {
        let lines = Self.bedlam.view(width: 60, height: 20, now: 0, style: .blocks256).text
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let legend = lines[3...9].map { String($0.dropFirst(38)) }
        #expect(legend == [
            "  1 A ██     8 H ██", "  2 B ██     9 I ██", "  3 C ██    10 J ██", "  4 D ██    11 K ██",
            "  5 E ██    12 L ██", "  6 F ██    13 M ██", "  7 G ██",
        ])
        #expect(lines[11].dropFirst(39).hasPrefix("Layers, bottom first"))
    }

    /// Without colour: no colour in any cell, each swatch the piece's fill as the picture draws
    /// it (issue 34), every piece lettered in the picture, the selected entry in reverse.
    @Test func noColourAtAll() {
        var s = SomaSession(figure: Fixtures.cube)
        s.handle(.character("2"), now: 0)
        let canvas = s.view(width: 80, height: 24, now: 0, style: RenderStyle.automatic(colors: .none, unicode: true))
        #expect(canvas.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
        let lines = canvas.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[3].hasSuffix(" 1 V ██"))
        #expect(lines[4].hasSuffix(">2 L ▌▌"))
        #expect(lines[6].hasSuffix(" 4 Z ◢◢") && lines[9].hasSuffix(" 7 P ▚▚"))
        let picture = (1..<23).map { String(lines[$0].prefix(58)) }.joined()
        for letter in "VLTZABP" { #expect(picture.contains(letter), "\(letter) on its piece") }
        #expect(canvas[59, 4].style.reverse)
        #expect(picture.contains("█") && picture.contains("▚"))
    }

    /// Plain mode: the plan instead of the scene, arrows move as the plan reads (up is the back
    /// row), and the bottom line says where the piece is in words.
    @Test func plainModeShowsThePlanAndSaysWhereThePieceIs() {
        var s = SomaSession(game: Fixtures.cube(placed: 5))
        s.plain = true
        s.handle(.character("1"), now: 0)
        let text = s.view(width: 80, height: 24, now: 0, style: .blocks256).text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[2].hasPrefix(" Layers, bottom first"))
        #expect(!text.contains("▀") && !text.contains("▄"))
        let v = s.game.cells(ofPiece: 0)
        #expect(Set(v.map(\.z)) == [1] && Set(v.map(\.y)) == [0, 1] && Set(v.map(\.x)) == [0, 1])
        #expect(lines[23].hasPrefix(" Space: drop   V at layer 2, rows 2-3, columns 1-2, in place; 5 of 7 placed"), "\(lines[23])")
        s.handle(.character("7"), now: 1)
        let p = s.game.cells(ofPiece: 6)
        s.handle(.up, now: 1)
        #expect(s.game.cells(ofPiece: 6) == p.map { $0 + Cell(0, 1, 0) })
        s.handle(.right, now: 2)
        #expect(s.game.cells(ofPiece: 6) == p.map { $0 + Cell(1, 1, 0) })
        s.handle(.escape, now: 3)
        #expect(s.view(width: 80, height: 24, now: 3, style: .blocks256).text.contains(" no piece in hand; "))
    }

    /// Keys moved by the settings work, the old key is free, and the help shows the new one.
    @Test func remappedKeysAndTheirHelp() throws {
        var s = SomaSession(figure: Fixtures.cube)
        try s.remapKeys([.character("h"): .character("H"), .character("l"): .character("L")])
        #expect(s.handle(.character("h"), now: 0) == [])
        #expect(s.handle(.character("H"), now: 0) == [.computeHint(s.game.hintRequest()!)])
        let help = s.helpView(width: 100, height: 40)
        #expect(help.contains("│ H/j             hint; judging on/off "))
        #expect(help.contains("│ L               letters on all pieces "))
        #expect(!help.contains("│ h "))
    }

    /// The status lines' reminders name the keys as bound, not the defaults.
    @Test func remindersNameTheBoundKeys() throws {
        var s = SomaSession(figure: Fixtures.cube)
        try s.remapKeys([.character("h"): .character("H"), .character("?"): .character("/"), .character("q"): .character("Q")])
        s.handle(.character("1"), now: 0)
        // Wide enough for the whole line after the sentence on where the piece is.
        let lines = s.view(width: 180, height: 40, now: 0, style: .blocks256).text.split(separator: "\n")
        #expect(lines.first?.hasSuffix("/ help  Q quit") == true, "\(lines.first ?? "")")
        #expect(lines.last?.hasPrefix(" Space: drop   w a s d e: turn   arrows PgUp PgDn: move   V  ") == true, "\(lines.last ?? "")")
        #expect(lines.last?.hasSuffix("   H: hint") == true, "\(lines.last ?? "")")
    }

    /// A key moved onto one that keeps its own use, or two onto one, is refused.
    @Test func conflictingRemapsAreRefused() {
        #expect(throws: KeyRemapError.alreadyBound(.character("u"), movedFrom: .character("h"))) {
            try SomaKeyMap.common.remapped(with: SomaKeyMap.table, [.character("h"): .character("u")])
        }
        #expect(throws: KeyRemapError.sameTarget(.character("k"), from: [.character("h"), .character("l")])) {
            try SomaKeyMap.common.remapped(with: SomaKeyMap.table, [.character("h"): .character("k"), .character("l"): .character("k")])
        }
        // A swap is fine.
        let swapped = try? SomaKeyMap.common.remapped(with: SomaKeyMap.table, [.character("h"): .character("u"), .character("u"): .character("h")])
        #expect(swapped?.own.action(for: .character("u")) == .command(.hint))
        #expect(swapped?.common.command(for: .character("h")) == .undo)
        #expect(swapped?.common.command(for: .character("u")) == nil)
    }
}

/// The settings file: what it may say, and every way it can be wrong, each with its line.
@Suite struct SettingsTests {
    @Test func aFullSettingsFile() throws {
        let text = """
            # soma's settings
            palette = "colorblind"
            theme = 'light'   # a literal string
            plain = true

            [keys]
            h = "H"
            "?" = "F"
            Space = "Enter"
            Enter = "Space"
            """
        let settings = try Settings.parse(text, path: "config.toml")
        #expect(settings.palette == .colorblind)
        #expect(settings.theme == .light)
        #expect(settings.plain)
        #expect(settings.keys == [.character("h"): .character("H"), .character("?"): .character("F"),
                                  .character(" "): .enter, .enter: .character(" ")])
        #expect(try Settings.parse("", path: "x") == Settings())
    }

    /// The pentomino game's and the designer's tables, each checked against its own keys: `h`
    /// may go one way in the Soma game and another in the pentomino game.
    @Test func theTablesOfThePentominoGameAndTheDesigner() throws {
        let text = """
            [keys]
            h = "H"

            [pento-keys]
            h = "k"
            u = "z"
            R = "<"

            [design-keys]
            e = "E"
            "?" = "H"
            """
        let settings = try Settings.parse(text, path: "config.toml")
        #expect(settings.keys == [.character("h"): .character("H")])
        #expect(settings.pentoKeys == [.character("h"): .character("k"), .character("u"): .character("z"),
                                       .character("R"): .character("<")])
        #expect(settings.designKeys == [.character("e"): .character("E"), .character("?"): .character("H")])
    }

    @Test(arguments: [
        ("palette = \"pastel\"", "c.toml:1: palette \"pastel\" is unknown; choose \"standard\" or \"colorblind\""),
        ("\ntheme = dark", "c.toml:2: dark is not a value: strings need quotes (\"dark\")"),
        ("plain = \"yes\"", "c.toml:1: plain must be true or false, not a string"),
        ("pallete = \"standard\"", "c.toml:1: unknown setting pallete; the settings are palette, theme, plain, assist, cells and the tables [keys], [pento-keys] and [design-keys]"),
        ("[colours]\nx = 1", "c.toml:2: x is in an unknown table [colours]; the tables are [keys], [pento-keys] and [design-keys]"),
        ("theme = \"dark", "c.toml:1: the string has no closing \""),
        ("theme = \"dark\"\ntheme = \"light\"", "c.toml:2: theme is set twice"),
        ("[keys]\nh = \"u\"", "c.toml:2: h is moved to u, which already has a use; move u elsewhere too"),
        ("[keys]\nh = \"Hyper\"", "c.toml:2: \"Hyper\" is not a key soma knows"),
        ("[keys]\n? = \"x\"", "c.toml:2: expected a key, found ? (quote keys such as \"?\")"),
        ("[pento-keys]\nh = \"u\"", "c.toml:2: h is moved to u, which already has a use; move u elsewhere too"),
        ("[pento-keys]\nh = \"k\"\n\ns = \"k\"", "c.toml:4: both h and s are moved to k"),
        ("[pento-keys]\nF = \"k\"", "c.toml:2: F picks up the F tile and cannot be moved"),
        ("[pento-keys]\nh = \"K\"", "c.toml:2: h cannot be moved to K: capital letters pick up tiles"),
        ("[pento-keys]\nh = \"F1\"", "c.toml:2: \"F1\" is not a key soma knows"),
        ("[design-keys]\ne = \"x\"", "c.toml:2: e is moved to x, which already has a use; move x elsewhere too"),
        ("[design-keys]\nh = 1", "c.toml:2: h must be a string in quotes, not an integer"),
        ("[keys]\nh = \"H\"\n[pento-keys]\nh = \"H\"", "c.toml:4: h cannot be moved to H: capital letters pick up tiles"),
        ("palette", "c.toml:1: expected = after the key"),
        ("[keys", "c.toml:1: expected ] to close the table name"),
        ("plain = true false", "c.toml:1: unexpected false at the end of the line"),
        ("x = \"\"\"", "c.toml:1: multi-line strings are not supported here"),
    ] as [(String, String)])
    func badSettingsSayWhereAndWhy(text: String, message: String) {
        #expect(throws: (any Error).self) { try Settings.parse(text, path: "c.toml") }
        do {
            _ = try Settings.parse(text, path: "c.toml")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func keyNames() {
        #expect(GameKey(name: "Space") == .character(" "))
        #expect(GameKey(name: "pgup") == .pageUp)
        #expect(GameKey(name: "^R") == .control("r"))
        #expect(GameKey(name: "Shift-Up") == .shiftUp)
        #expect(GameKey(name: "S-Tab") == .backTab)
        #expect(GameKey(name: "x") == .character("x"))
        #expect(GameKey(name: "F1") == nil)
        #expect(GameKey(name: "") == nil)
    }
}
