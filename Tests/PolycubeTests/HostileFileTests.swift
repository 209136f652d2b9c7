import Testing
@testable import Polycube

/// Files that are wrong on purpose or by accident (found by mutation fuzzing of the readers):
/// each reads correctly or ends in a `file:line:column` message, never a crash, a hang or a
/// picture of gigabytes.
@Suite struct HostileFileTests {
    func error(_ text: String, path: String = "f.figure", readFile: ((String) throws -> String)? = nil) -> FigureFileError? {
        do {
            _ = try FigureReader.read(text: text, path: path, readFile: readFile)
            return nil
        } catch {
            return error as? FigureFileError
        }
    }

    @Test("CRLF line ends (a file saved on Windows) read like LF ones, in every format")
    func windowsLineEnds() throws {
        let native = try FigureReader.read(text: "name: two\r\n###\r\n###\r\n\r\n###\r\n", path: "f.figure")
        #expect(native.name == "two")
        #expect(native.cells.count == 9)
        #expect(Set(native.cells.map(\.z)) == [0, 1])
        let yass = try FigureReader.read(text: "***\r\n\r\n***\r\n", path: "f.soma")
        #expect(yass.cells.count == 6)
        let standard = try FigureReader.read(text: "/111/222/\r\n/333/444/\r\n", path: "f.txt", format: .standard)
        #expect(standard.cells.count == 12)
        let set = try PieceSetReader.read(text: "piece: a\r\n##\r\n", path: "s.pieces")
        #expect(set.pieces.first?.shape.count == 2)
    }

    @Test("a UTF-8 byte-order mark is not part of the first line")
    func byteOrderMark() throws {
        let figure = try FigureReader.read(text: "\u{FEFF}name: marked\n###\n", path: "f.figure")
        #expect(figure.name == "marked")
    }

    @Test("an error after CRLF lines points at the right line and column")
    func positionsWithCRLF() {
        #expect(error("###\r\n#x#\r\n")?.description == "f.figure:2:2: unexpected `x`; expected `#`, `.` or a piece letter (V L T Z A B P)")
    }

    @Test("control characters are refused where they stand, so a name can never reach a terminal as an escape")
    func controlCharacters() {
        #expect(error("name: \u{1B}[2J\n###\n")?.description == "f.figure:1:7: a control character (U+001B); expected plain text")
        #expect(error("###\n#\u{7F}#\n")?.description == "f.figure:2:2: a control character (U+007F); expected plain text")
        #expect(error("###\r\n#\u{85}\n")?.description == "f.figure:2:2: a control character (U+0085); expected plain text")
        #expect(error("\t###\n") != nil, "a tab is a plain character the format itself refuses")
    }

    @Test("bytes that are not UTF-8 are reported with line and column; UTF-16 is named")
    func encodings() {
        let bytes = Array("name: ok\n##".utf8) + [0xFF] + Array("#\n".utf8)
        #expect(throws: FigureFileError(path: "f.figure", line: 2, column: 3, message: "a byte that is not UTF-8; expected UTF-8 text")) {
            try SourceText.decode(bytes, path: "f.figure")
        }
        #expect(throws: FigureFileError(path: "f.figure", line: 1, column: 1, message: "the file is UTF-16 text; expected UTF-8 (save it as UTF-8)")) {
            try SourceText.decode([0xFF, 0xFE, 0x23, 0x00], path: "f.figure")
        }
        #expect((try? SourceText.decode(Array("é#\n".utf8), path: "f")) == "é#\n")
    }

    @Test("a figure wider than the stated limit is refused before any picture is drawn; one at the limit reads")
    func extent() throws {
        let wide = String(repeating: "#", count: 80_000)
        #expect(error(wide + "\n")?.description == "f.figure:1:65: the figure spans more than 64 cells along a row, a column or its height")
        let far = "#" + String(repeating: ".", count: 100) + "#\n"
        #expect(error(far)?.description == "f.figure:1:102: the figure spans more than 64 cells along a row, a column or its height")
        let tall = String(repeating: "#\n\n", count: 70)
        #expect(error(tall)?.line == 129, "the 65th layer")
        let yass = try #require(error(String(repeating: "*", count: 100) + "\n", path: "f.soma"))
        #expect(yass.description == "f.soma: the figure spans 100 cells along x; at most 64 are supported")
        let atLimit = try FigureReader.read(text: String(repeating: "#", count: 64) + "\n", path: "f.figure")
        #expect(atLimit.cells.count == 64)
    }

    @Test("copies are bounded: 2^63-1 is refused with the range, not an overflow")
    func copies() {
        #expect(throws: FigureFileError(path: "s.pieces", line: 2, column: 9, message: "expected a whole number of copies from 1 to 1000")) {
            try PieceSetReader.read(text: "piece: a\ncopies: 9223372036854775807\n#\n", path: "s.pieces")
        }
        let many = (0..<3).map { "piece: \(Character(Unicode.Scalar(0x61 + $0)!))\ncopies: 400\n#\n" }.joined(separator: "\n")
        #expect(throws: FigureFileError(path: "s.pieces", line: 1, column: 1, message: "1200 pieces; a set may have at most 1000")) {
            try PieceSetReader.read(text: many, path: "s.pieces")
        }
    }

    @Test("`pieces:` naming a file that is no piece set says so, and quotes nothing of it")
    func notAPieceSet() {
        let shadow = "root:$6$secret$hash:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n"
        let found = error("pieces: /etc/shadow\n#\n", readFile: { _ in shadow })
        #expect(found?.description == "/etc/shadow:1:1: not a piece-set file: expected `name:`, `orientations:` or `piece:` first")
        #expect(found.map { !$0.description.contains("root") && !$0.description.contains("secret") } == true)
    }

    @Test("tokens quoted in messages are cut at 24 characters")
    func quotedTokens() {
        let key = String(repeating: "k", count: 500)
        let found = error("\(key): value\n#\n")
        #expect(found?.message == "unknown header `kkkkkkkkkkkkkkkkkkkkkkk…`; expected `name:` or `pieces:`")
    }
}
