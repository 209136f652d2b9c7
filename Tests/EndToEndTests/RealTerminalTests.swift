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
@Suite("Real terminal: xterm under Xvfb", .timeLimit(.minutes(10)), .serialized,
       .requires(.soma),
       .requires(.xterm))
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
        // Where the whole sentence does not fit (80 columns), what holds it is left out.
        let over = width >= 120 ? "A  above, rows 2-3, columns 2-3, floating" : "A  above, rows 2-3, columns 2-3"
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

    /// The game's own word for its theme (`SOMA_DECISION_LOG`) and the colours of sampled cells
    /// of the scene, in an xterm of `background` with the theme `theme` chosen (nil: asked of
    /// the terminal).
    struct ThemeLook {
        var decisions: [String]
        /// RGB of two points in each cell of the scene (rows 2 to rows - 3: not the status
        /// lines, whose clock ticks), a quarter of a cell in from opposite corners (never on a
        /// quadrant block's seam).
        var samples: [[UInt8]]
    }

    /// The first frame is drawn before the terminal's answer is read (issue 35): the look is
    /// taken again until `settled` holds of it or 10 s pass (the last one taken is returned).
    static func themeLook(_ background: String, theme: String?, settled: (ThemeLook) -> Bool = { _ in true }) throws -> ThemeLook {
        let stateFile = SomaBinary.temporaryStateFile()
        let log = stateFile + ".decisions"
        defer {
            SomaBinary.removeState(stateFile)
            unlink(log)
        }
        var environment = ["SOMA_DECISION_LOG": log]
        if let theme { environment["SOMA_THEME"] = theme }
        let xterm = try XTerm([SomaBinary.path, "play", "cube", "--state-file", stateFile], background: background,
                              foreground: background == "white" ? "black" : "white", environment: environment)
        try #require(xterm.waitForScreen(containing: "0/7 in place"), "\((try? xterm.screen()) ?? "")")
        func look() throws -> ThemeLook {
            let path = "\(Self.pictures)/theme-\(background)-\(theme ?? "asked").png"
            try xterm.screenshot(path)
            let raw = path + ".rgb"
            defer { unlink(raw) }
            #expect(try Tmux.run(["convert", path, "-depth", "8", "rgb:" + raw]).status == 0)
            let pixels = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
            let width = Int((xterm.cellWidth * Double(xterm.columns)).rounded())
            var samples: [[UInt8]] = []
            for row in 2..<(xterm.rows - 2) {
                for column in 0..<xterm.columns {
                    for (dx, dy) in [(0.25, 0.25), (0.75, 0.75)] {
                        let x = Int((Double(column) + dx) * xterm.cellWidth), y = Int((Double(row) + dy) * xterm.cellHeight)
                        let offset = (y * width + x) * 3
                        guard offset + 3 <= pixels.count else { continue }
                        samples.append(Array(pixels[offset..<(offset + 3)]))
                    }
                }
            }
            let decisions = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            return ThemeLook(decisions: decisions, samples: samples)
        }
        var last = try look()
        _ = XTerm.poll(timeout: 10) {
            if settled(last) { return true }
            if let next = try? look() { last = next }
            return settled(last)
        }
        return last
    }

    /// Of the sampled points whose colour the theme decides (where the `light` and `dark`
    /// pictures differ), how many `asked` shows as each theme does.
    static func themed(_ asked: ThemeLook, light: ThemeLook, dark: ThemeLook) -> (points: Int, likeLight: Int, likeDark: Int) {
        let points = light.samples.indices.filter {
            $0 < dark.samples.count && $0 < asked.samples.count && light.samples[$0] != dark.samples[$0]
        }
        return (points.count, points.count { asked.samples[$0] == light.samples[$0] },
                points.count { asked.samples[$0] == dark.samples[$0] })
    }

    @Test("with no theme chosen, a white xterm gets the light theme and a black one the dark: the game says so and the cells show it")
    func backgroundPicksTheTheme() throws {
        for background in ["white", "black"] {
            let light = try Self.themeLook(background, theme: "light"), dark = try Self.themeLook(background, theme: "dark")
            let expected = background == "white" ? "light" : "dark"
            // Drawn at once in the dark theme, then again once the answer is read: the look
            // settles when the game has said its decision and the cells show the expected theme.
            let asked = try Self.themeLook(background, theme: nil) { look in
                let (points, likeLight, likeDark) = Self.themed(look, light: light, dark: dark)
                return !look.decisions.isEmpty && (expected == "light" ? likeLight : likeDark) * 10 >= points * 9
            }
            // The decision, in the game's own words: from the terminal's answer to OSC 11.
            #expect(asked.decisions == ["theme \(expected): the terminal's background"], "\(background) xterm")
            #expect(light.decisions == ["theme light: chosen"] && dark.decisions == ["theme dark: chosen"])
            // And on screen: the cells the theme colours look as the chosen theme's do (a few
            // points may be caught mid-redraw: nine in ten is the bar, the two themes differ in
            // all of them).
            let (points, likeLight, likeDark) = Self.themed(asked, light: light, dark: dark)
            #expect(points >= 50, "\(background): the themes differ in only \(points) sampled points")
            let (same, other) = expected == "light" ? (likeLight, likeDark) : (likeDark, likeLight)
            #expect(same * 10 >= points * 9 && other * 10 <= points,
                    "\(background) xterm, \(expected) expected: \(likeLight) of \(points) points as the light theme's, \(likeDark) as the dark's")
        }
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
