import Foundation
import Testing

/// Hostile files and broken output streams, against the built binary: each ends in a clear
/// message and a non-zero exit (or a correct answer), never a crash.
@Suite("hostile files and output streams", .timeLimit(.minutes(10)),
       .requires(.soma))
struct HostileInputTests {
    /// Runs a shell command line in which `SOMA` is the binary under test.
    func shell(_ script: String) throws -> (status: Int32, output: String, error: String) {
        try Tmux.run(["sh", "-c", "SOMA='\(SomaBinary.path)'; " + script])
    }

    /// A temporary file holding `bytes`, removed by the caller.
    func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("soma-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("output that cannot be written (a full disk, a closed descriptor) exits 74 with a message, never 0",
          arguments: ["solve cube --count", "solve cube --all", "show cube", "figures"])
    func unwritableOutput(command: String) throws {
        let full = try shell("\"$SOMA\" \(command) >/dev/full")
        #expect(full.status == 74, "\(command) >/dev/full")
        #expect(full.error == "soma: cannot write the output: No space left on device\n")
        let closed = try shell("\"$SOMA\" \(command) >&-")
        #expect(closed.status == 74, "\(command) >&-")
        #expect(closed.error == "soma: standard output is closed; nothing could be shown\n")
    }

    @Test("an error message to an unwritable standard error still exits 2, without a crash")
    func unwritableErrors() throws {
        #expect(try shell("\"$SOMA\" solve no-such-figure 2>/dev/full").status == 2)
        #expect(try shell("\"$SOMA\" solve no-such-figure 2>&-").status == 2)
        #expect(try shell("\"$SOMA\" --no-such-option 2>/dev/full").status == 2)
    }

    @Test("a figure whose name holds an escape sequence is refused at its line and column; nothing reaches the terminal")
    func escapeInName() throws {
        let path = try file("esc.figure", Array("name: \u{1B}[2Jgone\n###\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        for command in ["solve", "show"] {
            let result = try Tmux.run([SomaBinary.path, command, path])
            #expect(result.status == 2)
            #expect(result.error == "soma \(command): \(path):1:7: a control character (U+001B); expected plain text\n")
            #expect(!result.output.contains("\u{1B}") && !result.error.contains("\u{1B}"))
        }
    }

    @Test("`pieces:` naming a system file: not a piece-set file, and none of its text is shown")
    func piecesNamingASystemFile() throws {
        let path = try file("passwd.figure", Array("pieces: /etc/passwd\n###\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let result = try Tmux.run([SomaBinary.path, "solve", path])
        #expect(result.status == 2)
        #expect(result.error == "soma solve: /etc/passwd:1:1: not a piece-set file: expected `name:`, `orientations:` or `piece:` first\n")
    }

    @Test("the cube saved with Windows line ends and a byte-order mark solves like the original")
    func windowsFile() throws {
        let cube = "\u{FEFF}name: cube\r\n###\r\n###\r\n###\r\n\r\n###\r\n###\r\n###\r\n\r\n###\r\n###\r\n###\r\n"
        let path = try file("cube.figure", Array(cube.utf8))
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let result = try Tmux.run([SomaBinary.path, "solve", path, "--count"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("240 distinct solutions (11520 raw)"), "\(result.output)")
    }

    @Test("a figure of one 80,000-character line, a UTF-16 file and a folder are refused with their reasons",
          arguments: [
            ("wide.figure", Array(String(repeating: "#", count: 80_000).utf8) + [10], ":1:65: the figure spans more than 64 cells along a row, a column or its height"),
            ("utf16.figure", [0xFF, 0xFE, 0x23, 0x00, 0x0A, 0x00], ":1:1: the file is UTF-16 text; expected UTF-8 (save it as UTF-8)"),
            ("latin1.figure", Array("name: caf".utf8) + [0xE9] + Array("\n###\n".utf8), ":1:10: a byte that is not UTF-8; expected UTF-8 text"),
          ])
    func refusedFiles(name: String, bytes: [UInt8], message: String) throws {
        let path = try file(name, bytes)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        for command in ["solve", "show"] {
            let result = try Tmux.run([SomaBinary.path, command, path])
            #expect(result.status == 2)
            #expect(result.error == "soma \(command): \(path)\(message)\n")
        }
        let folder = try Tmux.run([SomaBinary.path, "solve", (path as NSString).deletingLastPathComponent + "/"])
        #expect(folder.status == 2)
        #expect(folder.error.hasSuffix(": a folder, not a figure file\n"), "\(folder.error)")
    }
}
