import Foundation
import Testing

/// Issue 13 on the release binary in tmux: the terminals players reach soma from (`TERM=xterm`
/// with a UTF-8 locale, `NO_COLOR`, the C locale), Bedlam's thirteen pieces by key, plain mode
/// and a broken settings file.
@Suite("soma play in every terminal", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.soma))
struct TerminalsEndToEndTests {
    /// A folder of this test's own for settings, so that a settings file written here is seen by
    /// no other test.
    static func configHome() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("soma-e2e-config-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path + "/soma", withIntermediateDirectories: true)
        return path
    }

    /// `soma ARGUMENTS` under the environment given (TERM, LANG, NO_COLOR...), with its own
    /// state file and settings folder.
    func start(_ arguments: [String], environment: [String: String], width: Int = 80, height: Int = 24,
               stateFile: String, configHome: String = TerminalsEndToEndTests.configHome()) throws -> Tmux {
        let variables = environment.merging(["XDG_CONFIG_HOME": configHome]) { a, _ in a }
            .sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let command = "env \(variables) '\(SomaBinary.path)' " + (arguments + ["--state-file", stateFile])
            .map { "'\($0)'" }.joined(separator: " ") + "; echo \"EXIT=$?\"; exec sleep 600"
        return try Tmux(command, width: width, height: height)
    }

    static let utf8 = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]

    /// The screen with its escape sequences (`capture-pane -e`).
    func escapes(_ tmux: Tmux) throws -> String {
        try tmux.tmux(["capture-pane", "-p", "-e", "-t", tmux.target])
    }

    /// The SGR sequences of a captured screen that set a colour. tmux writes `39` and `49`
    /// (default colours) after every attribute reset by itself, with or without colour in the
    /// program, so those do not count.
    static func colourSequences(in screen: String) -> [String] {
        var found: [String] = []
        var rest = Substring(screen)
        while let start = rest.range(of: "\u{1b}[") {
            let body = rest[start.upperBound...].prefix { $0.isNumber || $0 == ";" }
            let end = rest.index(start.upperBound, offsetBy: body.count)
            guard end < rest.endIndex else { break }
            if rest[end] == "m" {
                let parameters = body.split(separator: ";", omittingEmptySubsequences: false).compactMap { Int($0) }
                if parameters.contains(where: { (30...38).contains($0) || (40...48).contains($0) || (90...107).contains($0) }) {
                    found.append(String(body))
                }
            }
            rest = rest[end...]
        }
        return found
    }

    @Test("TERM=xterm with a UTF-8 locale draws blocks in 256 colours: quadrant cells, or half blocks with --cells halves",
          arguments: [nil, "halves"])
    func xtermDrawsBlocks(cells: String?) throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try start(["play"] + (cells.map { ["--cells", $0] } ?? []), environment: Self.utf8.merging(["TERM": "xterm"]) { a, _ in a },
                             stateFile: stateFile)
        // The whole first frame, not only its top line: tmux can show a frame half written (the
        // header without the picture below it), so the test waits for the picture and the legend.
        let quadrants = Set("▘▝▖▗▚▞▙▛▜▟")
        let drawn: (String) -> Bool = cells == "halves"
            ? { $0.contains("▀") && $0.contains("▄") && $0.contains("1 V ██") }
            : { $0.filter { quadrants.contains($0) }.count > 20 && $0.contains("1 V ██") }
        #expect(tmux.wait { drawn(try tmux.screen()) }, "\((try? tmux.screen()) ?? "")")
        let screen = try tmux.screen()
        #expect(screen.contains("moves 0"), "\(screen)")
        if cells == "halves" {
            #expect(!screen.contains { quadrants.contains($0) }, "\(screen)")
        }
        #expect(!screen.contains("///") && !screen.contains("\\\\\\"), "no ascii slash art: \(screen)")
        // Colours beyond the eight of xterm's own terminfo entry: the 256-colour cube.
        #expect(try escapes(tmux).contains("38;5;203"), "V's lit red")
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("NO_COLOR=1 puts no colour escape on the screen; letters and glyph shading tell the pieces apart")
    func noColor() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try start(["play"], environment: Self.utf8.merging(["TERM": "xterm-256color", "NO_COLOR": "1"]) { a, _ in a },
                             stateFile: stateFile)
        #expect(tmux.waitForScreen(containing: "moves 0"), "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "2")
        #expect(tmux.wait { try tmux.screen().contains(">2 L") }, "\((try? tmux.screen()) ?? "")")
        let captured = try escapes(tmux)
        #expect(Self.colourSequences(in: captured) == [], "\(Self.colourSequences(in: captured).prefix(5))")
        // The selected legend entry in reverse video (SGR 7), pieces shaded by glyphs and lettered.
        #expect(captured.contains("\u{1b}[7m2 L") || captured.contains(";7m2 L"), "selection in reverse")
        let screen = try tmux.screen()
        // Each piece's own fill (issue 34): V solid, L bars down, B a grid.
        #expect(screen.contains("█") && screen.contains("▌") && screen.contains("┼"), "\(screen)")
        let picture = screen.split(separator: "\n").dropFirst().dropLast().map { String($0.prefix(58)) }.joined()
        for letter in "VLTZABP" { #expect(picture.contains(letter), "\(letter) written on its piece") }
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("LANG=C keeps a legend with a number, letter and swatch per piece, and the help box its border")
    func cLocale() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try start(["play"], environment: ["LANG": "C", "LC_ALL": "C", "TERM": "xterm-256color"], stateFile: stateFile)
        #expect(tmux.waitForScreen(containing: "moves 0"), "\((try? tmux.screen()) ?? "")")
        let screen = try tmux.screen()
        for (n, letter) in "VLTZABP".enumerated() { #expect(screen.contains("\(n + 1) \(letter) ##"), "\(screen)") }
        #expect(screen.unicodeScalars.allSatisfy { $0.isASCII })
        try tmux.send(keys: "?")
        #expect(tmux.waitForScreen(containing: "+- Soma: keys -"), "\((try? tmux.screen()) ?? "")")
        let help = try tmux.screen()
        #expect(help.contains("| Tab/S-Tab"))
        #expect(help.contains("\n+-----") || help.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("+---") })
        try tmux.send(keys: "x")   // any key closes the help
        #expect(tmux.wait { try !tmux.screen().contains("Soma: keys") })
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("Bedlam: every one of the thirteen pieces is selectable by its number, as the bottom line says")
    func bedlamPieces() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try start(["play", "bedlam"], environment: Self.utf8.merging(["TERM": "xterm-256color"]) { a, _ in a },
                             width: 120, height: 40, stateFile: stateFile)
        #expect(tmux.waitForScreen(containing: "Tab or 1-13 (two digits): select a piece"), "\((try? tmux.screen()) ?? "")")
        let letters = Array("ABCDEFGHIJKLM")
        for n in 1...13 {
            // Two digits in one write, as a quick typist sends them; a single digit after another
            // key (l: letters on or off), which ends any number (1 then 2 within the window
            // would be 12). Not Esc: Esc and a digit in one read are Alt and the digit.
            if n < 10 { try tmux.send(keys: "l") }
            try tmux.send(keys: String(n))
            let entry = (n < 10 ? ">" + " \(n)" : ">\(n)") + " \(letters[n - 1])"
            #expect(tmux.wait { try tmux.screen().contains(entry) }, "piece \(n): \((try? tmux.screen()) ?? "")")
            #expect(tmux.wait {
                let last = try tmux.screen().split(separator: "\n").last { !$0.isEmpty } ?? ""
                // After the action and the keys (issue 38: the key that acts comes first).
                return last.contains("   \(letters[n - 1])  ")
            }, "the bottom line names \(letters[n - 1])")
        }
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("--plain shows the plan and says where the piece is in words")
    func plain() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let tmux = try start(["play", "--plain", "--assist", "off"], environment: Self.utf8.merging(["TERM": "xterm-256color"]) { a, _ in a },
                             stateFile: stateFile)
        #expect(tmux.waitForScreen(containing: "no piece in hand; 0 of 7 placed"), "\((try? tmux.screen()) ?? "")")
        var screen = try tmux.screen()
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[2].hasPrefix(" Layers, bottom first"))
        #expect(!screen.contains("▀") && !screen.contains("▄"), "no 3-D scene")
        try tmux.send(keys: "1")
        #expect(tmux.waitForScreen(containing: " V at layer 1, 3-4 rows behind the figure, columns 2-3; 0 of 7 placed"),
                "\((try? tmux.screen()) ?? "")")
        try tmux.send(keys: "Down")
        #expect(tmux.waitForScreen(containing: " V at layer 1, 2-3 rows behind the figure, columns 2-3; 0 of 7 placed"),
                "\((try? tmux.screen()) ?? "")")
        screen = try tmux.screen()
        #expect(screen.contains("Layers, bottom first"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a broken settings file stops soma play with the file, the line and what is wrong")
    func brokenSettings() throws {
        let stateFile = SomaBinary.temporaryStateFile()
        defer { SomaBinary.removeState(stateFile) }
        let home = Self.configHome()
        try "palette = \"colorblind\"\ntheme = bright\n".write(toFile: home + "/soma/config.toml", atomically: true, encoding: .utf8)
        let tmux = try start(["play"], environment: Self.utf8.merging(["TERM": "xterm-256color"]) { a, _ in a },
                             stateFile: stateFile, configHome: home)
        #expect(tmux.waitForExit() == 2)
        let said = try tmux.screen().replacingOccurrences(of: "\n", with: "")
        #expect(said.contains("soma play: \(home)/soma/config.toml:2: bright is not a value: strings need quotes (\"bright\")"), "\(said)")
    }
}
