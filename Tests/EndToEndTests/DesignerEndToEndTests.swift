import Foundation
import Testing

/// `soma design` in a real terminal (tmux): building the Soma cube from an empty design by keys,
/// the live panel, saving and exporting, opening the saved file again, solving and playing it,
/// and keeping the design across a resize and a dropped connection.
@Suite("soma design in a terminal", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct DesignerEndToEndTests {
    /// The native text the designer saves for the 3x3x3 cube named `mycube`.
    static let savedCube = "name: mycube\n" + String(repeating: "\n###\n###\n###\n", count: 3)

    /// One 3x3 layer, snaking from the cursor: Space adds, the arrows move the cursor on the
    /// drawing plane (in the default view, Right is +x and Up is +y); `back` snakes the other way.
    static func layer(back: Bool) -> [String] {
        let (a, b, c) = back ? ("Left", "Right", "Down") : ("Right", "Left", "Up")
        return ["Space", a, "Space", a, "Space", c, "Space", b, "Space", b, "Space", c, "Space", a, "Space", a, "Space"]
    }

    /// Three layers, `]` lifting the drawing plane between them: the whole cube.
    static let cubeKeys = layer(back: false) + ["]"] + layer(back: true) + ["]"] + layer(back: false)

    /// A fresh folder for figures and one for the autosave.
    struct Folders {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("soma-design-e2e-\(UUID().uuidString)").path
        var figures: String { root + "/figures" }
        var state: String { root + "/state" }
        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    func startDesigner(_ folders: Folders, file: String? = nil, width: Int = 100, height: Int = 32) throws -> Tmux {
        let arguments = ["design"] + (file.map { [$0] } ?? [])
            + ["--figures-dir", folders.figures, "--state-dir", folders.state, "--style", "ascii"]
        let tmux = try Tmux(SomaBinary.command(arguments), width: width, height: height)
        try #require(tmux.waitForScreen(containing: "/27 cubes"), "soma design did not start: \((try? tmux.screen()) ?? "")")
        return tmux
    }

    func send(_ keys: [String], to tmux: Tmux) throws {
        // In bursts, as a fast typist would; tmux's send-keys takes many keys at once.
        var rest = keys[...]
        while !rest.isEmpty {
            try tmux.tmux(["send-keys", "-t", tmux.target] + Array(rest.prefix(20)))
            rest = rest.dropFirst(20)
        }
    }

    @Test("the cube built by keys: 240 solutions, saved, exported, reopened")
    func buildSaveReopen() throws {
        let folders = Folders()
        defer { folders.remove() }
        let tmux = try startDesigner(folders)
        #expect(try tmux.screen().contains("0/27 cubes"))

        try send(Self.cubeKeys, to: tmux)
        #expect(tmux.waitForScreen(containing: "27/27 cubes"), "\((try? tmux.screen()) ?? "")")
        #expect(tmux.waitForScreen(containing: "240 solutions", timeout: 60), "\((try? tmux.screen()) ?? "")")
        print("--- soma design, the cube built by keys ---\n" + (try tmux.screen()))

        try tmux.send(keys: "s")
        #expect(tmux.waitForScreen(containing: "Save as:"))
        try tmux.send(literal: "mycube")
        try tmux.send(keys: "Enter")
        let path = folders.figures + "/mycube.figure"
        #expect(tmux.waitForScreen(containing: "Saved to"), "\((try? tmux.screen()) ?? "")")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.savedCube)

        try tmux.send(keys: "e", "Enter")
        #expect(tmux.waitForScreen(containing: "Exported to"), "\((try? tmux.screen()) ?? "")")
        let yass = try String(contentsOfFile: folders.figures + "/mycube.soma", encoding: .utf8)
        #expect(yass.hasPrefix("# mycube\nooo\nooo\nooo\n\nooo"))

        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)

        let reopened = try startDesigner(folders, file: path)
        #expect(reopened.waitForScreen(containing: "27/27 cubes"))
        #expect(reopened.waitForScreen(containing: "240 solutions", timeout: 60), "\((try? reopened.screen()) ?? "")")
        #expect(try reopened.screen().contains("design: mycube"))
        try reopened.send(keys: "q")
        #expect(reopened.waitForExit() == 0)
    }

    @Test("26 cubes: the panel says one is missing and counts nothing")
    func twentySixCubes() throws {
        let folders = Folders()
        defer { folders.remove() }
        let tmux = try startDesigner(folders)
        try send(Array(Self.cubeKeys.dropLast()), to: tmux)
        #expect(tmux.waitForScreen(containing: "26/27 cubes"), "\((try? tmux.screen()) ?? "")")
        let screen = try tmux.screen()
        #expect(screen.contains("1 cube missing"))
        #expect(screen.contains("counted at 27 cubes"))
        #expect(!screen.contains("solutions "))
        print("--- soma design, 26 cubes ---\n" + screen)
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("the design survives a resize and a dropped connection")
    func resizeAndHangUp() throws {
        let folders = Folders()
        defer { folders.remove() }
        let tmux = try startDesigner(folders)
        try send(["Space", "Right", "Space", "Right", "Space"], to: tmux)
        #expect(tmux.waitForScreen(containing: "3/27 cubes"))

        try tmux.resize(width: 50, height: 16)
        #expect(tmux.wait { try tmux.screen().split(separator: "\n").count <= 16 })
        #expect(tmux.waitForScreen(containing: "3/27 cubes"), "\((try? tmux.screen()) ?? "")")
        try tmux.resize(width: 100, height: 32)
        #expect(tmux.waitForScreen(containing: "3 of 27"), "the panel is back: \((try? tmux.screen()) ?? "")")

        kill(try tmux.programPID(), SIGHUP)
        #expect(tmux.waitForExit() == 128 + Int(SIGHUP))
        #expect(FileManager.default.fileExists(atPath: folders.state + "/design-autosave.figure"))

        let again = try startDesigner(folders)
        #expect(again.waitForScreen(containing: "3/27 cubes"), "\((try? again.screen()) ?? "")")
        try again.send(keys: "q")
        #expect(again.waitForExit() == 0)
    }

    @Test("an autosave that cannot be read is kept aside, said, and never replaced by a later one")
    func damagedAutosaveKept() throws {
        let folders = Folders()
        defer { folders.remove() }
        try FileManager.default.createDirectory(atPath: folders.state, withIntermediateDirectories: true)
        let autosave = folders.state + "/design-autosave.figure"
        for n in 1...2 {
            try "name: damaged \(n)\n\n##x\n".write(toFile: autosave, atomically: true, encoding: .utf8)
            let tmux = try startDesigner(folders, width: 250)
            #expect(try tmux.screen().contains("0/27 cubes"), "a fresh design: \((try? tmux.screen()) ?? "")")
            try send(["Space"], to: tmux)
            #expect(tmux.waitForScreen(containing: "1/27 cubes"))
            try tmux.send(keys: "q")
            #expect(tmux.waitForExit() == 0)
            let kept = autosave + (n == 1 ? ".damaged" : ".damaged-2")
            #expect(try tmux.screen().contains("soma design: the autosaved design cannot be read ("), "\((try? tmux.screen()) ?? "")")
            // The line is wider than the pane: its rows joined (the path has no blank to lose at a wrap).
            #expect(try tmux.screen().replacingOccurrences(of: "\n", with: "").contains("kept as \(kept)"),
                    "\((try? tmux.screen()) ?? "")")
            #expect(try String(contentsOfFile: kept, encoding: .utf8) == "name: damaged \(n)\n\n##x\n")
        }
        #expect(try String(contentsOfFile: autosave + ".damaged", encoding: .utf8) == "name: damaged 1\n\n##x\n")
        #expect(FileManager.default.fileExists(atPath: autosave), "the new design is autosaved in its place")
    }

    @Test("the mouse: a click adds the cube on the face under it, a right-click removes it, a drag orbits")
    func mouse() throws {
        let folders = Folders()
        defer { folders.remove() }
        let tmux = try startDesigner(folders)
        try send(Self.cubeKeys, to: tmux)
        #expect(tmux.waitForScreen(containing: "240 solutions", timeout: 60))

        // The centre of the picture (76 columns left of the panel, rows 2-31) shows the cube's
        // nearest corner; a click there builds on whichever face it hit.
        try tmux.sendMouse(0, column: 39, row: 17)
        try tmux.sendMouse(0, column: 39, row: 17, final: "m")
        #expect(tmux.waitForScreen(containing: "28/27 cubes"), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("1 cube too many"))

        // The new cube is now the nearest thing there: a right-click takes it away again, and the
        // count, known already, comes back at once.
        try tmux.sendMouse(2, column: 39, row: 17)
        try tmux.sendMouse(2, column: 39, row: 17, final: "m")
        #expect(tmux.waitForScreen(containing: "27/27 cubes"), "\((try? tmux.screen()) ?? "")")
        #expect(tmux.waitForScreen(containing: "240 solutions"))

        // A drag upward from empty space lowers the camera; the drawing plane turns to stand
        // upright, facing it (x = ... instead of z = ...).
        #expect(try tmux.screen().contains("z = "))
        try tmux.sendMouse(0, column: 3, row: 25)
        for row in stride(from: 24, through: 19, by: -1) { try tmux.sendMouse(32, column: 3, row: row) }
        try tmux.sendMouse(0, column: 3, row: 19, final: "m")
        #expect(tmux.waitForScreen(containing: "x = "), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a file that cannot be read: a message and exit 2")
    func badFile() throws {
        let result = try Tmux.run([SomaBinary.path, "design", "/no/such/figure.txt"])
        #expect(result.status == 2)
        #expect(result.error.contains("/no/such/figure.txt"))
        #expect(result.error.hasPrefix("soma design: "))
    }

    @Test("without a terminal: a one-line message and exit 2")
    func notATerminal() throws {
        let result = try Tmux.run([SomaBinary.path, "design"])
        #expect(result.status == 2)
        #expect(result.error == "soma: design needs a terminal: standard input and output must not be redirected\n")
    }

    /// Writes the saved cube where a test can use it, as an older soma saved it (`.txt`): such
    /// designs must still read.
    func savedCubeFile(_ folders: Folders) throws -> String {
        try FileManager.default.createDirectory(atPath: folders.figures, withIntermediateDirectories: true)
        let path = folders.figures + "/mycube.txt"
        try Self.savedCube.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("the saved figure solves: soma solve PATH --count says 240")
    func solveSaved() throws {
        let folders = Folders()
        defer { folders.remove() }
        let result = try Tmux.run([SomaBinary.path, "solve", try savedCubeFile(folders), "--count"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("240 distinct"), "\(result.output)")
    }

    @Test("the saved figure plays: soma play PATH starts the Soma game on it")
    func playSaved() throws {
        let folders = Folders()
        defer { folders.remove() }
        let tmux = try Tmux(SomaBinary.command(["play", try savedCubeFile(folders)]), width: 100, height: 32)
        // The game's status line: the figure's name and the pieces in place.
        #expect(tmux.waitForScreen(containing: "in place"), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.screen().contains("mycube"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }
}
