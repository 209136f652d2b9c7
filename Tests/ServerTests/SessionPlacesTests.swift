#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import Server

/// What a session makes for its child beside the terminal, without a child: a guest's own
/// folder (`GuestHome`) and a keyed game's store line (`StoreLineHook`), on the real file
/// system and real sockets.
@Suite struct SessionPlacesTests {
    /// Whether `descriptor` is open in this process (tests run side by side: only for one
    /// this test holds, never one it closed, whose number another test may have reused).
    static func isOpen(_ descriptor: CInt) -> Bool {
        fcntl(descriptor, F_GETFD) != -1
    }

    @Test("a guest's folder: new under $TMPDIR, mode 0700, the game's three places in it; removed with all in it")
    func guestHome() throws {
        let base = NSTemporaryDirectory() + "soma-guests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let home = try #require(GuestHome.make(environment: ["TMPDIR": base]))
        let other = try #require(GuestHome.make(environment: ["TMPDIR": base]))
        #expect(home.path != other.path)
        #expect(home.path.hasPrefix(base + "/soma-guest-") && home.path.count == base.count + "/soma-guest-XXXXXX".count)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: home.path)[.posixPermissions] as? NSNumber)
        #expect(mode.intValue == 0o700)
        #expect(home.environment == ["HOME=\(home.path)", "XDG_CONFIG_HOME=\(home.path)/config", "XDG_STATE_HOME=\(home.path)/xdg"])
        try FileManager.default.createDirectory(atPath: home.path + "/config/soma", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: home.path + "/config/soma/settings", contents: Data("x".utf8)))
        home.remove()
        #expect(!FileManager.default.fileExists(atPath: home.path))
        #expect(FileManager.default.fileExists(atPath: other.path))
        other.remove()
        #expect(try FileManager.default.contentsOfDirectory(atPath: base) == [])
    }

    @Test("a relative $TMPDIR is not trusted: /tmp; a folder that cannot be made is nil")
    func guestHomeBase() throws {
        let home = try #require(GuestHome.make(environment: ["TMPDIR": "relative/dir"]))
        defer { home.remove() }
        #expect(home.path.hasPrefix("/tmp/soma-guest-"))
        #expect(GuestHome.make(environment: ["TMPDIR": "/nonexistent/soma-\(UUID().uuidString)"])?.path == nil)
    }

    @Test("no store line without --database, for a guest or for a command")
    func noStoreLine() {
        let serve: StoreLineHook.Serve = { _, descriptor in close(descriptor) }
        #expect(StoreLineHook.open(nil, player: .key(fingerprint: "SHA256:ann"), isCommand: false)?.player == nil)
        #expect(StoreLineHook.open(serve, player: .guest, isCommand: false)?.player == nil)
        #expect(StoreLineHook.open(serve, player: .key(fingerprint: "SHA256:ann"), isCommand: true)?.player == nil)
    }

    @Test("a keyed game's line: a socket pair, both ends close-on-exec; handed over, the store gets the player and its end, the child's end closes")
    func storeLineHandOver() throws {
        final class Served: @unchecked Sendable {
            var calls: [(player: String, descriptor: CInt)] = []
        }
        let served = Served()
        let serve: StoreLineHook.Serve = { served.calls.append(($0, $1)) }
        let line = try #require(StoreLineHook.open(serve, player: .key(fingerprint: "SHA256:ann"), isCommand: false))
        #expect(line.player == "SHA256:ann")
        #expect(line.child != 3 && line.child != line.server)
        #expect(fcntl(line.child, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(line.server, F_GETFD) & FD_CLOEXEC != 0)
        // What the game writes on its end arrives on the server's.
        let written = write(line.child, "ping\n", 5)
        #expect(written == 5)
        var bytes = [UInt8](repeating: 0, count: 16)
        let got = read(line.server, &bytes, 16)
        #expect(got == 5)
        #expect(Array(bytes.prefix(5)) == Array("ping\n".utf8))
        line.handOver()
        #expect(served.calls.count == 1)
        #expect(served.calls.first?.player == "SHA256:ann")
        #expect(served.calls.first?.descriptor == line.server)
        #expect(Self.isOpen(line.server))
        // The child's end is closed here (the child has its own copy): the store reads the end.
        let atEnd = read(line.server, &bytes, 16)
        #expect(atEnd == 0)
        close(line.server)
    }

    @Test("a game that did not start: the store's end closed too (the game's end sees it gone), the store never called")
    func storeLineAbandoned() throws {
        final class Served: @unchecked Sendable { var count = 0 }
        let served = Served()
        let serve: StoreLineHook.Serve = { _, _ in served.count += 1 }
        let line = try #require(StoreLineHook.open(serve, player: .key(fingerprint: "SHA256:bo"), isCommand: false))
        // A second descriptor of the game's end outlives the abandon, to see the other end gone.
        let game = dup(line.child)
        defer { close(game) }
        line.abandon()
        // Not blocking: -1 (EAGAIN) while the other end is open, 0 once it is closed.
        _ = fcntl(game, F_SETFL, O_NONBLOCK)
        var byte: UInt8 = 0
        let got = read(game, &byte, 1)
        #expect(got == 0)
        #expect(served.count == 0)
    }
}
