#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import Server

/// `--peer-secret-file`: its owner's alone, 16 to 4096 bytes (one trailing newline dropped);
/// anything else refused with one line.
@Suite struct PeerSecretTests {
    static func file(_ bytes: [UInt8], mode: mode_t) throws -> (path: String, remove: () -> Void) {
        var template = Array("/tmp/soma-peer-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template).map { String(cString: $0) })
        let path = directory + "/secret"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
        #expect(fd >= 0)
        #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
        close(fd)
        chmod(path, mode)
        return (path, { unlink(path); rmdir(directory) })
    }

    @Test func aGoodSecretIsReadLessItsNewline() throws {
        let (path, remove) = try Self.file(Array("sixteen bytes ok\n".utf8), mode: 0o600)
        defer { remove() }
        #expect(try PeerSecret.read(path) == Array("sixteen bytes ok".utf8))
    }

    @Test("refused: readable by others, too short, too long, missing", arguments: [
        (Array("a secret long enough".utf8), mode_t(0o644), "can be read by others (mode 644); run chmod 600 on it"),
        (Array("short\n".utf8), mode_t(0o600), "must hold 16 to 4096 bytes (it holds 5)"),
        ([UInt8](repeating: 0x61, count: 4097), mode_t(0o600), "must hold 16 to 4096 bytes (it holds 4097)"),
    ])
    func refused(bytes: [UInt8], mode: mode_t, ending: String) throws {
        let (path, remove) = try Self.file(bytes, mode: mode)
        defer { remove() }
        #expect {
            _ = try PeerSecret.read(path)
        } throws: { error in
            "\(error)" == "the peer secret \(path) \(ending)"
        }
        #expect {
            _ = try PeerSecret.read(path + ".missing")
        } throws: { error in
            "\(error)" == "cannot read the peer secret \(path).missing: no such file or directory"
        }
    }
}
