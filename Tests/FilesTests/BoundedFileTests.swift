@testable import Files
import Foundation
import Polycube
import Testing

/// The one bounded reader: regular files only (checked on the open descriptor, so a FIFO never
/// blocks), at most the limit, and a reason in words for everything else.
@Suite struct BoundedFileTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("soma-bounded-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aRegularFileIsReadWhole() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("name: x\n#\n".utf8).write(to: URL(fileURLWithPath: dir + "/a"))
        #expect(try BoundedFile.read(dir + "/a", maxBytes: 100) == Array("name: x\n#\n".utf8))
        #expect(try BoundedFile.read(dir + "/a", maxBytes: 10) == Array("name: x\n#\n".utf8), "exactly the limit is fine")
        #expect(throws: BoundedFileError(path: dir + "/a", reason: .tooLarge(limit: 9))) { try BoundedFile.read(dir + "/a", maxBytes: 9) }
        try Data().write(to: URL(fileURLWithPath: dir + "/empty"))
        #expect(try BoundedFile.read(dir + "/empty", maxBytes: 0) == [])
    }

    /// A FIFO with no writer: a blocking open would wait for ever; the reader refuses it at once.
    @Test func aFIFOIsRefusedWithoutBlocking() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/fifo", 0o600) == 0)
        let error = #expect(throws: BoundedFileError.self) { try BoundedFile.read(dir + "/fifo", maxBytes: 100) }
        #expect(error?.description == "a FIFO (named pipe), not a regular file")
        // The figure reader, and so every figure, `pieces:` line and the figures folder, goes through it.
        #expect(throws: FigureFileError(path: dir + "/fifo", line: 0, column: 0, message: "a FIFO (named pipe), not a regular file")) {
            try FigureReader.load(path: dir + "/fifo")
        }
        try Data("pieces: \(dir)/fifo\n###\n".utf8).write(to: URL(fileURLWithPath: dir + "/p.figure"))
        #expect(throws: FigureFileError.self) { try FigureReader.load(path: dir + "/p.figure") }
    }

    @Test func devicesFoldersAndMissingFilesAreSaidInWords() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let zero = #expect(throws: BoundedFileError.self) { try BoundedFile.read("/dev/zero", maxBytes: 1 << 20) }
        #expect(zero?.description == "a device, not a regular file")
        let folder = #expect(throws: BoundedFileError.self) { try BoundedFile.read(dir, maxBytes: 100) }
        #expect(folder?.description == "a folder, not a file")
        let missing = #expect(throws: BoundedFileError.self) { try BoundedFile.read(dir + "/none", maxBytes: 100) }
        #expect(missing?.isMissing == true)
        #expect(missing?.description == "no such file")
        // A link to a device is the device.
        #expect(symlink("/dev/zero", dir + "/link") == 0)
        #expect(throws: BoundedFileError(path: dir + "/link", reason: .notRegular("a device"))) {
            try BoundedFile.read(dir + "/link", maxBytes: 100)
        }
    }

    @Test func aFileWithoutPermissionSaysSo() throws {
        // root reads every file: the test means something only for other users.
        guard getuid() != 0 else { return }
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/secret"))
        chmod(dir + "/secret", 0)
        let error = #expect(throws: BoundedFileError.self) { try BoundedFile.read(dir + "/secret", maxBytes: 100) }
        #expect(error?.description == "cannot be read: permission denied")
    }
}
