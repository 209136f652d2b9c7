import Crypto
import NIOCore
import NIOEmbedded
import NIOSSH
import Testing
@testable import Server

/// Who a login is (`Authenticator`), on `EmbeddedServer`'s connections: a key is the player it
/// names, a password or the user `guest` with no authentication is a guest, anyone else's first
/// request with none is answered with the methods; a login past `--max-sessions` is let in to
/// be told the server is full.
@Suite struct AuthenticatorTests {
    /// The outcome of `request` from user `user` on a new connection from `address`, in words,
    /// and the connection.
    static func login(_ server: EmbeddedServer, from address: String, user: String = "ann",
                      _ request: NIOSSHUserAuthenticationRequest.Request) throws -> (outcome: String, connection: Connection) {
        let connection = try #require(try server.accept(from: address).connection)
        let promise = server.loop.makePromise(of: NIOSSHUserAuthenticationOutcome.self)
        Authenticator(connection: connection).requestReceived(
            request: NIOSSHUserAuthenticationRequest(username: user, serviceName: "ssh-connection", request: request),
            responsePromise: promise)
        let result = try promise.futureResult.wait()
        let outcome = switch result {
        case .success: "success"
        case .failure: "failure"
        case .partialSuccess: "partial"
        }
        return (outcome, connection)
    }

    @Test("methods offered: public key, then password")
    func methods() throws {
        let server = EmbeddedServer()
        let connection = try #require(try server.accept(from: "192.0.2.1").connection)
        #expect(Authenticator(connection: connection).supportedAuthenticationMethods == [.publicKey, .password])
        try server.finish()
    }

    @Test("a public key is the player its fingerprint names, whatever the user; the same key the same player")
    func publicKey() throws {
        let server = EmbeddedServer(maxSessions: 4)
        let key = Curve25519.Signing.PrivateKey()
        let publicKey = NIOSSHPrivateKey(ed25519Key: key).publicKey
        let first = try Self.login(server, from: "192.0.2.1", user: "root", .publicKey(.init(publicKey: publicKey)))
        #expect(first.outcome == "success")
        let expected = try #require(Player.fingerprint(openSSH: String(openSSHPublicKey: publicKey)))
        #expect(first.connection.player == .key(fingerprint: expected))
        #expect(expected.hasPrefix("SHA256:") && expected.count == 7 + 43)
        let again = try Self.login(server, from: "192.0.2.2", user: "anyone", .publicKey(.init(publicKey: publicKey)))
        #expect(again.connection.player == first.connection.player)
        let other = try Self.login(server, from: "192.0.2.3", .publicKey(.init(publicKey: NIOSSHPrivateKey(ed25519Key: .init()).publicKey)))
        #expect(other.connection.player != first.connection.player)
        #expect(server.state.metrics.sample(#"soma_logins_total{outcome="player"}"#) == 3)
        try server.finish()
    }

    @Test("any password, an empty one too, is a guest; so is the user guest asking for no authentication")
    func guests() throws {
        let server = EmbeddedServer(maxSessions: 4)
        let password = try Self.login(server, from: "192.0.2.1", .password(.init(password: "hunter2")))
        let empty = try Self.login(server, from: "192.0.2.2", .password(.init(password: "")))
        let guest = try Self.login(server, from: "192.0.2.3", user: "guest", .none)
        for login in [password, empty, guest] {
            #expect(login.outcome == "success")
            #expect(login.connection.player == .guest)
        }
        #expect(server.state.metrics.sample(#"soma_logins_total{outcome="guest"}"#) == 3)
        try server.finish()
    }

    @Test("another user with no authentication is answered with the methods (a failure), logged in as no one, the connection left open")
    func noneAsksForMethods() throws {
        let server = EmbeddedServer()
        let (channel, connection) = try server.accept(from: "192.0.2.1")
        let accepted = try #require(connection)
        let promise = server.loop.makePromise(of: NIOSSHUserAuthenticationOutcome.self)
        Authenticator(connection: accepted).requestReceived(
            request: NIOSSHUserAuthenticationRequest(username: "Guest", serviceName: "ssh-connection", request: .none),
            responsePromise: promise)
        guard case .failure = try promise.futureResult.wait() else {
            Issue.record("expected a failure")
            return
        }
        #expect(accepted.player == nil)
        #expect(!channel.isClosed)
        #expect(server.state.metrics.sample(#"soma_logins_total{outcome="guest"}"#) == 0)
        try server.finish()
    }

    @Test("past --max-sessions the login succeeds, as an overflow to be told the server is full; counted as full")
    func fullServer() throws {
        let server = EmbeddedServer(maxSessions: 1)
        let first = try Self.login(server, from: "192.0.2.1", .password(.init(password: "x")))
        _ = try server.openSession(on: first.connection)
        let second = try Self.login(server, from: "192.0.2.2", .password(.init(password: "x")))
        #expect(second.outcome == "success")
        #expect(second.connection.isOverflow)
        #expect(!first.connection.isOverflow)
        #expect(server.state.metrics.sample(#"soma_logins_total{outcome="full"}"#) == 1)
        try server.finish()
    }
}
