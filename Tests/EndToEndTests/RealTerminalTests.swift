import Foundation
import Polycube
import Testing
@testable import Game

/// The games in a real terminal (issue 25): the release binary in xterm under Xvfb, real X key
/// and mouse events, screenshots of the window. tmux draws what it is told; xterm shows what a
/// player sees (bold black brightened to grey, the font's glyphs, OSC 11 answered from `-bg`).
///
/// The pictures go to `$SOMA_PICTURES` (a folder), or to a temporary folder named in the test's
/// output, to be looked at: the start, a piece behind the figure, a piece floating over it and
/// the solved news, at 80x24 and 120x40, in colour on black, with NO_COLOR=1, with TERM=linux,
/// and on a white background.
@Suite("Real terminal: xterm under Xvfb", .serialized,
       .enabled(if: SomaBinary.exists, "soma is not built: run swift build -c release first"),
       .enabled(if: XTerm.unavailable == nil, "\(XTerm.unavailable ?? "")"))
struct RealTerminalTests {
    /// Where pictures are written.
    static let pictures: String = {
        if let folder = ProcessInfo.processInfo.environment["SOMA_PICTURES"], !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return folder
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-pictures-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()

    /// One way of seeing the game: the terminal's colours and environment.
    struct Look: CustomTestStringConvertible, Sendable {
        var name: String
        var background = "black", foreground = "white"
        var environment: [String: String] = [:]
        var testDescription: String { name }
    }

    static let looks = [
        Look(name: "colour"),
        Look(name: "nocolor", environment: ["NO_COLOR": "1"]),
        Look(name: "linux", environment: ["TERM": "linux"]),
        Look(name: "white", background: "white", foreground: "black"),
    ]
    static let sizes = [(80, 24), (120, 40)]

    /// xdotool's name for a planner's key.
    static func xName(_ key: GameKey) -> String {
        switch key {
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .pageUp: "Prior"
        case .pageDown: "Next"
        case .character(" "): "space"
        case .character(let c): String(c)
        case .enter: "Return"
        case .tab: "Tab"
        default: "\(key)"
        }
    }

    @Test("the cube at the start, a piece behind it, a piece floating over it, solved: no slash art on a UTF-8 locale",
          arguments: looks, [0, 1])
    func pictures(look: Look, size: Int) throws {
        let (width, height) = Self.sizes[size]
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let xterm = try XTerm([SomaBinary.path, "play", "cube", "--assist", "off", "--state-file", stateFile], columns: width, rows: height,
                              background: look.background, foreground: look.foreground, environment: look.environment)
        func shot(_ scene: String) throws -> String {
            let screen = try xterm.screen()
            // The edges of faces in cells a row tall are no longer drawn with slashes (issue 25).
            #expect(!screen.contains("╱") && !screen.contains("╲"), "\(look.name) \(scene): \(screen)")
            let path = "\(Self.pictures)/\(look.name)-\(width)x\(height)-\(scene).png"
            try xterm.screenshot(path)
            print("picture: \(path)")
            return screen
        }
        try #require(xterm.waitForScreen(containing: "0/7 in place"), "no first frame: \((try? xterm.screen()) ?? "")")
        _ = try shot("start")

        // P, which starts on the floor behind the cube, a step nearer.
        try xterm.press("7", "Down")
        #expect(xterm.waitForScreen(containing: "moves 1"), "\((try? xterm.screen()) ?? "")")
        _ = try shot("behind")

        // A lifted four levels and carried over the cube (three steps right, four back): floating
        // a level above the figure's top, its drop line down to its footprint there.
        try xterm.press("5", "Prior", "Prior", "Prior", "Prior", "Right", "Right", "Right", "Up", "Up", "Up", "Up")
        // Where the sentence does not fit (80 columns) only the height is said.
        let over = width >= 120 ? "above the figure, rows 2-3, columns 2-3, floating" : "A  level 4, floating"
        #expect(xterm.waitForScreen(containing: over), "\((try? xterm.screen()) ?? "")")
        _ = try shot("floating")

        // Back to the start, then the planned solve: the solved news.
        try xterm.press("R")
        #expect(xterm.waitForScreen(containing: "All pieces back"), "\((try? xterm.screen()) ?? "")")
        let plan = try #require(try SomaKeyPlanner.cubePlan(width: width, height: height))
        for start in stride(from: 0, to: plan.count, by: 20) {
            try xterm.press(contentsOf: plan[start..<min(plan.count, start + 20)].map { Self.xName($0.key) })
        }
        #expect(xterm.waitForScreen(containing: "Solved in "), "\((try? xterm.screen()) ?? "")")
        _ = try shot("solved")
        try xterm.press("q")
    }

    @Test("with no theme chosen, a white xterm gets the light theme and a black one the dark: the picture becomes the chosen theme's")
    func backgroundPicksTheTheme() throws {
        /// The scene of a game in an xterm of `background` with `theme` chosen (nil: asked),
        /// once `until` holds of it (the first frame is drawn before the answer is read).
        func picture(_ background: String, theme: String?, until: (Data) -> Bool = { _ in true }) throws -> Data {
            let stateFile = SomaBinary.temporaryStateFile()
            defer { SomaBinary.removeState(stateFile) }
            let xterm = try XTerm([SomaBinary.path, "play", "cube", "--state-file", stateFile], background: background,
                                  foreground: background == "white" ? "black" : "white",
                                  environment: theme.map { ["SOMA_THEME": $0] } ?? [:])
            try #require(xterm.waitForScreen(containing: "0/7 in place"), "\((try? xterm.screen()) ?? "")")
            let path = "\(Self.pictures)/theme-\(background)-\(theme ?? "asked").png"
            // The scene only: the status line's clock may tick between two pictures.
            let raw = path + ".rgb"
            defer { unlink(raw) }
            let rows = Int(xterm.cellHeight * 2)
            var scene = Data()
            _ = XTerm.poll(timeout: 10) {
                guard (try? xterm.screenshot(path)) != nil,
                      (try? Tmux.run(["convert", path, "-shave", "0x\(rows)", "rgb:" + raw]).status) == 0,
                      let data = try? Data(contentsOf: URL(fileURLWithPath: raw)) else { return false }
                scene = data
                return until(data)
            }
            return scene
        }
        let whiteLight = try picture("white", theme: "light"), whiteDark = try picture("white", theme: "dark")
        let whiteAsked = try picture("white", theme: nil, until: { $0 == whiteLight })
        // Compared as booleans: a failed comparison of two pictures' bytes would be diffed.
        let light = whiteAsked == whiteLight, dark = whiteAsked == whiteDark
        let firstDifference = zip(whiteAsked, whiteLight).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        #expect(light, "a white xterm answers OSC 11 with white: the light theme (\(whiteAsked.count) and \(whiteLight.count) bytes, first difference at \(firstDifference ?? -1))")
        #expect(!dark)
        let blackDark = try picture("black", theme: "dark")
        let blackAsked = try picture("black", theme: nil, until: { $0 == blackDark })
        let black = blackAsked == blackDark
        #expect(black, "a black xterm: the dark theme")
    }

    @Test("one mouse drag per game, with real X pointer events: a Soma piece carried, a pentomino tile put on the board")
    func dragPerGame() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        do {
            let xterm = try XTerm([SomaBinary.path, "play", "cube", "--state-file", stateFile])
            try #require(xterm.waitForScreen(containing: "0/7 in place"), "\((try? xterm.screen()) ?? "")")
            // Where P is drawn: the mirror of the session the binary shows says (its hit ids).
            let mirror = SomaMousePlanner(session: SomaSession(game: SomaGame(figure: try Catalog.figure(named: "cube"))),
                                          width: 80, height: 24)
            let grip = try #require(mirror.grip(on: 6))
            try xterm.drag(from: (grip.column, grip.row), to: (grip.column - 6, grip.row + 3))
            #expect(xterm.waitForScreen(containing: "moves 1"), "the carry is one move: \((try? xterm.screen()) ?? "")")
            try xterm.screenshot("\(Self.pictures)/drag-soma.png")
        }
        do {
            let xterm = try XTerm([SomaBinary.path, "pento", "--state-file", stateFile])
            try #require(xterm.waitForScreen(containing: "0/12 on the board"), "\((try? xterm.screen()) ?? "")")
            let screen = try xterm.screen()
            let cell = try #require(Self.letter("X", in: screen, leftOf: 80), "no X tile")
            // The board's middle: its dots' rows and columns.
            let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
            let dotted = rows.indices.filter { rows[$0].contains(". . . .") }
            let row = dotted[dotted.count / 2]
            let line = rows[row]
            let first = line.distance(from: line.startIndex, to: try #require(line.range(of: ". . .")).lowerBound)
            try xterm.drag(from: cell, to: (first + 9, row))
            #expect(xterm.waitForScreen(containing: "1/12 on the board"), "the X on the board: \((try? xterm.screen()) ?? "")")
            try xterm.screenshot("\(Self.pictures)/drag-pento.png")
        }
    }

    /// The cell of the first `letter` standing alone (a piece's label) left of column `limit`.
    static func letter(_ letter: Character, in screen: String, leftOf limit: Int) -> (column: Int, row: Int)? {
        for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where row > 0 {
            let characters = Array(line)
            for column in characters.indices.dropFirst() where column < limit && characters[column] == letter
                && !characters[column - 1].isLetter && (column + 1 >= characters.count || !characters[column + 1].isLetter) {
                return (column, row)
            }
        }
        return nil
    }
}
