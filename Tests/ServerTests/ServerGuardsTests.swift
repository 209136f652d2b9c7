import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Server

/// What a refused client, a player whose game died and an operator with a careless state
/// directory are told, as values.
@Suite struct ServerGuardsTests {
    @Test func aRefusalIsAVersionLineAndAClearDisconnectPacket() {
        let bytes = RefusalHandler.refusal("soma: go away")
        let version = Array("SSH-2.0-soma\r\n".utf8)
        #expect(Array(bytes.prefix(version.count)) == version)
        let packet = Array(bytes.dropFirst(version.count))
        let length = packet.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        #expect(packet.count == length + 4)
        #expect(packet.count % 8 == 0)
        let padding = Int(packet[4])
        #expect(padding >= 4)
        // SSH_MSG_DISCONNECT, reason 12, the text, an empty language tag.
        #expect(packet[5] == 1)
        #expect(Array(packet[6..<10]) == [0, 0, 0, 12])
        #expect(Array(packet[10..<14]) == [0, 0, 0, 13])
        #expect(String(decoding: packet[14..<27], as: UTF8.self) == "soma: go away")
        #expect(Array(packet[27..<31]) == [0, 0, 0, 0])
        #expect(packet.count - 31 == padding)
        // A long reason is cut to 200 bytes.
        let long = RefusalHandler.refusal(String(repeating: "x", count: 5000))
        #expect(long.count < 260)
    }

    @Test func aDeadChildIsToldApartFromAnOrdinaryExit() {
        let cpu = TimeSpan(seconds: 60)
        #expect(ChildEnding.of(status: 0, hungUp: false, stoppedForOutput: nil, cpuLimit: nil) == nil)
        #expect(ChildEnding.of(status: 2, hungUp: false, stoppedForOutput: nil, cpuLimit: cpu) == nil)
        // The server hung it up (the player left, a limit): no surprise.
        #expect(ChildEnding.of(status: 129, hungUp: true, stoppedForOutput: nil, cpuLimit: nil) == nil)
        #expect(ChildEnding.of(status: 137, hungUp: false, stoppedForOutput: nil, cpuLimit: nil) == .signal(9))
        #expect(ChildEnding.of(status: 132, hungUp: true, stoppedForOutput: nil, cpuLimit: nil) == .signal(4))
        #expect(ChildEnding.of(status: 152, hungUp: false, stoppedForOutput: nil, cpuLimit: cpu) == .cpuLimit(cpu))
        #expect(ChildEnding.of(status: 137, hungUp: false, stoppedForOutput: 1 << 20, cpuLimit: cpu) == .outputLimit(1 << 20))
        #expect(ChildEnding.signal(9).line(what: "game")
                == "soma: the game was killed (signal 9, SIGKILL); moves since its last save may be lost")
        #expect(ChildEnding.signal(11).line(what: "command") == "soma: the command crashed (signal 11, SIGSEGV)")
        #expect(ChildEnding.signal(40).line(what: "command") == "soma: the command was killed (signal 40)")
        #expect(ChildEnding.cpuLimit(cpu).line(what: "command")
                == "soma: the command was stopped: it used its 1m of CPU time (the server's limit for one command)")
        #expect(ChildEnding.outputLimit(16 << 20).line(what: "command")
                == "soma: the command was stopped: its output passed 16M (the server's limit for one command)")
        // The reset leaves the alternate screen last, shows the cursor, turns every mouse mode off.
        for mode in ["?1000l", "?1002l", "?1003l", "?1006l", "?25h", "0m"] {
            #expect(ChildEnding.terminalReset.contains("\u{1b}[" + mode), "\(mode)")
        }
        #expect(ChildEnding.terminalReset.hasSuffix("\u{1b}[?1049l"))
    }

    @Test func byteCountsReadUnits() {
        #expect(ByteCount("65536")?.bytes == 65536)
        #expect(ByteCount("64K")?.bytes == 65536)
        #expect(ByteCount("16M")?.bytes == 16 << 20)
        #expect(ByteCount("1g")?.bytes == 1 << 30)
        for bad in ["", "M", "0", "-5", "1.5M", "16MB", "99999999999999", "2000G", "٣K"] {
            #expect(ByteCount(bad) == nil, "\(bad)")
        }
        #expect(ByteCount.describe(16 << 20) == "16M")
        #expect(ByteCount.describe(10000) == "10000 bytes")
    }

    /// A folder made for the test under /tmp (sticky, so it may be above a state directory).
    static func scratch() -> String {
        var template = Array("/tmp/soma-state-test-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    @Test func aStateDirectoryOthersMayWriteIsRepairedAndSaid() throws {
        let root = Self.scratch()
        defer { _ = rmdir(root + "/state"); _ = rmdir(root + "/open/inner"); _ = rmdir(root + "/open"); _ = rmdir(root) }
        let state = root + "/state"
        #expect(try StateDirectory.prepare(state).get() == [])
        var status = stat()
        #expect(stat(state, &status) == 0 && status.st_mode & 0o777 == 0o700)
        chmod(state, 0o777)
        #expect(try StateDirectory.prepare(state).get() == ["the state directory \(state) could be written by others (mode 777): made it 700"])
        #expect(stat(state, &status) == 0 && status.st_mode & 0o777 == 0o700)
        // A database others may write: made writable by its owner only.
        let database = state + "/soma.db"
        let fd = open(database, O_WRONLY | O_CREAT, 0o600)
        close(fd)
        defer { unlink(database) }
        chmod(database, 0o666)
        #expect(try StateDirectory.prepare(state).get() == ["\(database) could be written by others (mode 666): made it 644"])
        #expect(stat(database, &status) == 0 && status.st_mode & 0o777 == 0o644)
        #expect(try StateDirectory.prepare(state).get() == [])
        // A folder above that others may write (and not sticky): refused.
        #expect(mkdir(root + "/open", 0o755) == 0)
        chmod(root + "/open", 0o777)
        guard case .failure(let error) = StateDirectory.prepare(root + "/open/inner") else {
            Issue.record("a state directory under a folder anyone may write was accepted")
            return
        }
        #expect(error.description.hasPrefix("the folder \(root)/open above the state directory can be changed by another user"))
        // A file in its place: refused.
        guard case .failure(let file) = StateDirectory.check("/etc/hostname") else {
            Issue.record("a file was taken for a state directory")
            return
        }
        #expect(file.description.contains("is not a folder"))
    }
}

/// A FIFO where the host key belongs is refused at once instead of hanging the start (issue 23
/// item 9).
@Suite struct HostKeyFileTests {
    @Test func aFIFOInPlaceOfTheHostKeyIsRefusedWithoutWaiting() throws {
        var template = Array("/tmp/soma-hostkey-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template).map { String(cString: $0) })
        defer { unlink(directory + "/key"); rmdir(directory) }
        #expect(mkfifo(directory + "/key", 0o600) == 0)
        #expect(throws: ServeError.self) { _ = try HostKeyFile.loadOrCreate(path: directory + "/key") }
    }

    @Test func aKeyMadeOnceIsReadBackTheSame() throws {
        var template = Array("/tmp/soma-hostkey-XXXXXX".utf8CString)
        let directory = try #require(mkdtemp(&template).map { String(cString: $0) })
        defer { unlink(directory + "/key"); rmdir(directory) }
        let made = try HostKeyFile.loadOrCreate(path: directory + "/key")
        let read = try HostKeyFile.loadOrCreate(path: directory + "/key")
        #expect(made.rawRepresentation == read.rawRepresentation)
    }
}
