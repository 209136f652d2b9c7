import Foundation
import Polycube
import Testing
@testable import Game
@testable import Scene

/// config.toml as editors save it (CRLF, a byte-order mark) reads as the same settings; what an
/// error quotes from it never reaches the terminal raw; a file that is not a settings file
/// (a link to another file by mistake) has none of its words echoed.
@Suite struct SettingsHostileTests {
    static let plain = "palette = \"colorblind\"\ntheme = \"light\"\n\n[keys]\nh = \"k\"\n"

    @Test func windowsLineEndsAndAByteOrderMarkReadTheSame() throws {
        let expected = try Settings.parse(Self.plain, path: "c.toml")
        #expect(expected.palette == .colorblind && expected.theme == .light)
        let windows = "\u{FEFF}" + Self.plain.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try Settings.parse(windows, path: "c.toml") == expected)
        #expect(try Settings.parse("\u{FEFF}" + Self.plain, path: "c.toml") == expected)
        #expect(try Settings.parse(Self.plain.replacingOccurrences(of: "\n", with: "\r\n"), path: "c.toml") == expected)
    }

    @Test(arguments: [
        "theme = \"\\u001b[2J\"",
        "theme = \"\u{1B}]0;owned\u{7}\"",
        "theme = \"\u{202E}kcab\"",
        "plain = tr\u{1B}[2Jue",
        "plain = true \u{1B}[2J",
        "[keys]\nh = \"\\u009b31m\"",
    ])
    func errorsQuoteNothingATerminalWouldObey(text: String) {
        do {
            _ = try Settings.parse(text, path: "c.toml")
            Issue.record("accepted \(text.debugDescription)")
        } catch {
            #expect(UntrustedText.isSafe(error.description), "\(error.description.debugDescription)")
            #expect(error.description.hasPrefix("c.toml:"))
        }
    }

    @Test func aFileThatIsNoSettingsFileHasNoneOfItsWordsEchoed() {
        let shadow = "root:$6$secretsalt$hash:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n"
        do {
            _ = try Settings.parse(shadow, path: "c.toml")
            Issue.record("accepted")
        } catch {
            #expect(error.description == "c.toml:1: expected = after the key")
        }
    }

    /// Issue 36: config.toml linked to /proc/self/environ quoted a variable's value.
    @Test func anEnvironmentBlockHasNoneOfItsWordsEchoed() {
        let environ = "SECRET_TOKEN=hunter2-abc\0PATH=/usr/bin\0"
        do {
            _ = try Settings.parse(environ, path: "c.toml")
            Issue.record("accepted")
        } catch {
            #expect(error.description == "c.toml:1: holds NUL bytes: not a settings file (a link to another file?)")
        }
    }
}

/// The designer draws at most `Design.maximumCells` cubes (the scene's 16-bit looks run out past
/// 1,422: issue 36's crash at 1,423): adding past it is refused with a message, so no autosave
/// can hold more.
@Suite struct DesignSizeLimitTests {
    @Test func addingPastTheLimitIsRefusedWithAMessage() {
        #expect(Design.maximumCells == 1422)
        let side = 12   // the first 1,422 cells of a 12x12x12 box
        let full = Design(name: "full", cells: (0..<Design.maximumCells).map { Cell($0 % side, ($0 / side) % side, $0 / (side * side)) })
        #expect(full.cells.count == Design.maximumCells)
        var s = DesignerSession(design: full)
        let before = s.design
        let effects = s.change { $0.add(Cell(-1, 0, 0)) }
        #expect(effects == [])
        #expect(s.design == before)
        #expect(s.message == .problem("A design holds at most 1422 cubes"))
        // Removing still works.
        #expect(s.change { $0.remove(Cell(0, 0, 0)) } != [])
        #expect(s.design.cells.count == Design.maximumCells - 1)
    }

    /// The largest design draws: every look id of its last cube fits in 16 bits.
    @Test func theLargestDesignsLooksFit() {
        let last = LookTable.base(piece: SceneModel.maximumPieces - 1) + LookTable.slots - 1
        #expect(last <= Int(UInt16.max))
        #expect(LookTable.base(piece: SceneModel.maximumPieces) + LookTable.slots - 1 > Int(UInt16.max))
    }
}
