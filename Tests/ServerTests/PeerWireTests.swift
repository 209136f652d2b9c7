import Crypto
import NIOCore
import NIOEmbedded
import Testing
@testable import Server

/// Watching across instances (`PeerWire`), without sockets: the frame reader's bounds, and the
/// two ends (`PeerWatcher` on the player's instance, `PeerWatch.Handler` on the watcher's) on
/// `EmbeddedChannel`s with the bytes carried between them by hand.
@Suite struct PeerWireTests {
    static let key = SymmetricKey(data: Array("a cluster secret of 32 bytes....".utf8))

    static func frame(_ kind: PeerWire.Kind, _ text: String) -> [UInt8] {
        var buffer = ByteBuffer()
        PeerWire.encode(kind, text, into: &buffer)
        return Array(buffer.readableBytesView)
    }

    @Test("frames come whole whatever the chunks; an unknown kind or a length past its kind's bound is refused before it is read")
    func frameReader() throws {
        var reader = PeerFrameReader()
        let bytes = Self.frame(.hello, "soma-peer 1 x") + Self.frame(.output, "frame 1") + Self.frame(.end, "ended")
        var frames: [PeerWire.Frame] = []
        for byte in bytes { frames += try reader.feed([byte]) }
        #expect(frames == [PeerWire.Frame(kind: .hello, payload: Array("soma-peer 1 x".utf8)),
                           PeerWire.Frame(kind: .output, payload: Array("frame 1".utf8)),
                           PeerWire.Frame(kind: .end, payload: Array("ended".utf8))])

        // A handshake frame of 257 bytes: refused from its header alone.
        var long = PeerFrameReader()
        #expect(throws: PeerFrameReader.Problem.tooLong(.hello, 257)) { try long.feed([0x48, 0, 0, 1, 1]) }
        // Output up to 64 KiB is a frame; one byte more is not (4 GiB announced: the same).
        var big = PeerFrameReader()
        #expect(try big.feed([0x46, 0, 1, 0, 0]) == [])
        var bigger = PeerFrameReader()
        #expect(throws: PeerFrameReader.Problem.tooLong(.output, 65537)) { try bigger.feed([0x46, 0, 1, 0, 1]) }
        var huge = PeerFrameReader()
        #expect(throws: PeerFrameReader.Problem.tooLong(.output, 4_294_967_295)) { try huge.feed([0x46, 0xff, 0xff, 0xff, 0xff]) }
        var unknown = PeerFrameReader()
        #expect(throws: PeerFrameReader.Problem.unknownKind(0x1b)) { try unknown.feed([0x1b, 0x5b, 0x32, 0x4a, 0]) }
    }

    @Test("a MAC checks only under the same secret and the same words; names and nonces as the rules allow")
    func macsAndWords() {
        let mac = PeerWire.mac(["watch", "a", "b", "Ann"], key: Self.key)
        #expect(mac.utf8.count == 64)
        #expect(PeerWire.check(mac, ["watch", "a", "b", "Ann"], key: Self.key))
        #expect(!PeerWire.check(mac, ["watch", "a", "b", "Bo"], key: Self.key))
        #expect(!PeerWire.check(mac, ["watch", "a", "b", "Ann"], key: SymmetricKey(data: Array("another secret, 32 bytes long...".utf8))))
        #expect(!PeerWire.check(String(mac.dropLast()) + "g", ["watch", "a", "b", "Ann"], key: Self.key))
        #expect(PeerWire.isName("Ann B-2_.") && !PeerWire.isName("") && !PeerWire.isName("a\u{1b}[2J")
                && !PeerWire.isName(String(repeating: "a", count: 21)))
        let nonce = PeerWire.nonce()
        #expect(PeerWire.isNonce(Substring(nonce)) && nonce != PeerWire.nonce())
        #expect(!PeerWire.isNonce("ABCDEF0123456789abcdef0123456789"))
    }

    /// What the watcher's end told, as words.
    final class Told: @unchecked Sendable {
        var words: [String] = []
        func record(_ event: PeerWatch.Event) {
            switch event {
            case .connected(_, let shown): words.append("connected \(shown)")
            case .refused(let why): words.append("refused \(why)")
            case .output(let bytes): words.append("output \(String(buffer: bytes))")
            case .ended(let ending): words.append("ended \(ending?.rawValue ?? "lost")")
            }
        }
    }

    /// Carries what each end wrote to the other until neither writes more.
    static func pump(_ a: EmbeddedChannel, _ b: EmbeddedChannel) throws {
        var moved = true
        while moved {
            moved = false
            for (from, to) in [(a, b), (b, a)] where to.isActive {
                while let bytes = try from.readOutbound(as: ByteBuffer.self) {
                    try to.writeInbound(bytes)
                    moved = true
                }
            }
        }
    }

    /// The player's end: a game that lets others watch as Ann, and a peer connection to it.
    static func playerEnd() throws -> (server: EmbeddedServer, game: GameSession, peer: EmbeddedChannel) {
        let server = EmbeddedServer(exec: GameSessionTests.watchOrRefuse)
        let game = try GameSessionTests.session(server, from: "192.0.2.1", as: .key(fingerprint: "SHA256:ann"))
        server.state.note("watch on Ann", from: game.session)
        let peer = try server.channel(from: "10.0.0.9")
        try peer.pipeline.syncOperations.addHandler(PeerWatcher(server: server.state, key: key))
        try peer.connect(to: SocketAddress(ipAddress: "10.0.0.9", port: 7022)).wait()
        return (server, game.session, peer)
    }

    @Test("across instances: the game's output reaches the other instance's watcher, less notes; the player is told; W off ends it with its code")
    func watchedAcross() throws {
        let (server, game, peer) = try Self.playerEnd()
        let told = Told()
        let watcher = EmbeddedChannel(handler: PeerWatch.Handler(name: "ann", key: Self.key, events: { told.record($0) }))
        try watcher.connect(to: SocketAddress(ipAddress: "10.0.0.8", port: 40000)).wait()
        try Self.pump(peer, watcher)
        #expect(told.words == ["connected Ann"])
        #expect(game.watchers.count == 1)

        game.output(ByteBuffer(string: "frame 1"))
        game.output(ByteBuffer(string: "x\u{1b}]5379;hello\u{07}y"))
        try Self.pump(peer, watcher)
        #expect(told.words == ["connected Ann", "output frame 1", "output xy"])

        server.state.note("watch off", from: game)
        try Self.pump(peer, watcher)
        #expect(told.words == ["connected Ann", "output frame 1", "output xy", "ended disallowed"])
        #expect(game.watchers.isEmpty)
        server.loop.run()
        #expect(peer.isClosed && watcher.isClosed)
        _ = try? watcher.finish(acceptAlreadyClosed: true)
        try server.finish()
    }

    @Test("across instances: the watcher leaving frees its place at once; the game ending says so")
    func endsAcross() throws {
        let (server, game, peer) = try Self.playerEnd()
        let told = Told()
        let watcher = EmbeddedChannel(handler: PeerWatch.Handler(name: "Ann", key: Self.key, events: { told.record($0) }))
        try watcher.connect(to: SocketAddress(ipAddress: "10.0.0.8", port: 40000)).wait()
        try Self.pump(peer, watcher)
        #expect(game.watchers.count == 1)
        // The watcher's instance closes the connection (its watcher pressed q): the place frees.
        peer.pipeline.fireChannelInactive()
        #expect(game.watchers.isEmpty)
        _ = try? watcher.finish(acceptAlreadyClosed: true)

        let second = try server.channel(from: "10.0.0.9", port: 40001)
        try second.pipeline.syncOperations.addHandler(PeerWatcher(server: server.state, key: Self.key))
        try second.connect(to: SocketAddress(ipAddress: "10.0.0.9", port: 7022)).wait()
        let again = Told()
        let watcher2 = EmbeddedChannel(handler: PeerWatch.Handler(name: "Ann", key: Self.key, events: { again.record($0) }))
        try watcher2.connect(to: SocketAddress(ipAddress: "10.0.0.8", port: 40002)).wait()
        try Self.pump(second, watcher2)
        server.state.gameEnded(game)
        try Self.pump(second, watcher2)
        #expect(again.words == ["connected Ann", "ended ended"])
        _ = try? watcher2.finish(acceptAlreadyClosed: true)
        try server.finish()
    }

    @Test("across instances: a wrong secret is closed unanswered; no such player is 'absent'; a late asker is cut at 5 s")
    func refusedAcross() throws {
        let (server, game, peer) = try Self.playerEnd()
        let told = Told()
        let wrong = SymmetricKey(data: Array("not the cluster's secret at all.".utf8))
        let watcher = EmbeddedChannel(handler: PeerWatch.Handler(name: "Ann", key: wrong, events: { told.record($0) }))
        try watcher.connect(to: SocketAddress(ipAddress: "10.0.0.8", port: 40000)).wait()
        try Self.pump(peer, watcher)
        server.loop.run()
        #expect(peer.isClosed)
        #expect(game.watchers.isEmpty)
        #expect(told.words == [])
        // Its own deadline ends the watcher's wait.
        watcher.embeddedEventLoop.advanceTime(by: .seconds(5))
        #expect(told.words == ["refused no answer within 5s"])
        _ = try? watcher.finish(acceptAlreadyClosed: true)

        let other = try server.channel(from: "10.0.0.9", port: 40001)
        try other.pipeline.syncOperations.addHandler(PeerWatcher(server: server.state, key: Self.key))
        try other.connect(to: SocketAddress(ipAddress: "10.0.0.9", port: 7022)).wait()
        let bo = Told()
        let boWatcher = EmbeddedChannel(handler: PeerWatch.Handler(name: "Bo", key: Self.key, events: { bo.record($0) }))
        try boWatcher.connect(to: SocketAddress(ipAddress: "10.0.0.8", port: 40002)).wait()
        try Self.pump(other, boWatcher)
        #expect(bo.words == ["refused no (absent)"])
        _ = try? boWatcher.finish(acceptAlreadyClosed: true)

        let silent = try server.channel(from: "10.0.0.9", port: 40003)
        try silent.pipeline.syncOperations.addHandler(PeerWatcher(server: server.state, key: Self.key))
        try silent.connect(to: SocketAddress(ipAddress: "10.0.0.9", port: 7022)).wait()
        server.loop.advanceTime(by: .milliseconds(4999))
        #expect(!silent.isClosed)
        server.loop.advanceTime(by: .milliseconds(1))
        #expect(silent.isClosed)
        try server.finish()
    }

    @Test("the watcher's end checks the answer: an ok without the secret's MAC, or a name no player could have, is refused")
    func forgedAnswer() throws {
        for answer in ["ok \(String(repeating: "0", count: 64)) Ann", "ok MAC \u{1b}[2J"] {
            let told = Told()
            let watcher = EmbeddedChannel(handler: PeerWatch.Handler(name: "Ann", key: Self.key, events: { told.record($0) }))
            try watcher.connect(to: SocketAddress(ipAddress: "10.0.0.8", port: 40000)).wait()
            let theirs = PeerWire.nonce()
            try watcher.writeInbound(ByteBuffer(bytes: Self.frame(.hello, "soma-peer 1 " + theirs)))
            let request = try #require(try watcher.readOutbound(as: ByteBuffer.self))
            var reader = PeerFrameReader()
            let frame = try #require(try reader.feed(request.readableBytesView).first)
            #expect(frame.kind == .watch)
            let ours = String(String(decoding: frame.payload, as: UTF8.self).prefix(32))
            let forged = answer.replacingOccurrences(of: "MAC", with: PeerWire.mac(["ok", theirs, ours, "\u{1b}[2J"], key: Self.key))
            try watcher.writeInbound(ByteBuffer(bytes: Self.frame(.ok, forged)))
            #expect(told.words == ["refused an answer without the cluster's MAC"])
            #expect(watcher.isClosed)
            _ = try? watcher.finish(acceptAlreadyClosed: true)
        }
    }
}
