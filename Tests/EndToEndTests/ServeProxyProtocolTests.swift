import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `soma serve --proxy-from` behind HAProxy with `send-proxy-v2` (the README's recipe): the
/// server reads each connection's PROXY header and counts, logs and limits the player's own
/// address (OpenSSH clients bound to 127.0.0.2 and 127.0.0.3), not the balancer's; a connection
/// straight from the balancer's address without a header is closed, and from any other address
/// a header is only bad SSH.
@Suite("soma serve behind a balancer that sends the PROXY protocol", .timeLimit(.minutes(10)), .serialized,
       .requires(.tmux),
       .requires(.openSSH),
       .requires(.haproxy),
       .requires(.soma), .requires(.somaServer))
struct ServeProxyProtocolTests {
    /// OpenSSH from `source` to `port` of 127.0.0.1 (at the default log level: it prints the
    /// server's disconnect message), running `command`.
    static func ssh(port: Int, key: String, from source: String, _ command: String) throws -> (status: Int32, output: String, error: String) {
        try Tmux.run([LoopbackSSH.client, "-p", "\(port)", "-b", source, "-o", "StrictHostKeyChecking=no",
                      "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-i", key, "-o", "IdentitiesOnly=yes",
                      "player@127.0.0.1", command])
    }

    static func lines(_ server: SomaServer, containing text: String) -> Int {
        server.log().split(separator: "\n").count { $0.contains(text) }
    }

    @Test("through HAProxy send-proxy-v2: the player's address is logged and limited (1 login from 127.0.0.2 at once, 127.0.0.3 gets in)")
    func playersOwnAddress() throws {
        let health = try LoopbackSSH.freePort()
        let server = try SomaServer(options: ["--proxy-from", "127.0.0.1", "--pending-logins-per-address", "1",
                                              "--health", "127.0.0.1:\(health)"])
        let balancer = try Balancer(backends: [(server.port, health)], sendProxy: true)
        let key = try server.makeKey("player")
        #expect(server.log().contains("PROXY headers from 127.0.0.1/32"))

        // An idle connection from 127.0.0.2 through the balancer holds that address's one login.
        let idle = try #require(ServeBadClientTests.rawConnect(port: balancer.port, source: "127.0.0.2"))
        #expect(server.wait { Self.lines(server, containing: "connect 127.0.0.2:") == 1 }, "\(server.log())")
        #expect(server.log().contains(" via 127.0.0.1:"))
        let refused = try Self.ssh(port: balancer.port, key: key, from: "127.0.0.2", "figures")
        #expect(refused.status == 255)
        #expect(refused.error.contains("soma: 1 logins from your address are in progress already"), "\(refused.error)")
        #expect(Self.lines(server, containing: "refused 127.0.0.2:") == 1, "\(server.log())")
        // Another player's address is not held back by it.
        let other = try Self.ssh(port: balancer.port, key: key, from: "127.0.0.3", "figures")
        #expect(other.status == 0, "\(other.error)")
        #expect(other.output.contains("cube"))
        #expect(Self.lines(server, containing: "auth 127.0.0.3:") == 1, "\(server.log())")

        // Once the idle one is gone, the player at 127.0.0.2 plays, a move and out.
        close(idle)
        #expect(server.wait { Self.lines(server, containing: "disconnect 127.0.0.2:") == 1 }, "\(server.log())")
        let command = server.sshCommand(key: key, options: ["-b", "127.0.0.2"])
            .replacingOccurrences(of: "'-p' '\(server.port)'", with: "'-p' '\(balancer.port)'")
        let tmux = try Tmux(command, width: 80, height: 24)
        #expect(tmux.waitForScreen(containing: "moves ", timeout: 30), "\((try? tmux.screen()) ?? "")\n\(server.log())")
        try tmux.send(keys: "1", "Right", "Space")
        #expect(tmux.waitForScreen(containing: "moves 1"))
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0)
        #expect(Self.lines(server, containing: "auth 127.0.0.2:") == 1, "\(server.log())")
        // Every player's connection came through the balancer and is logged as its client's;
        // none was refused as the balancer's. (The harness's start-up probe of the balancer is
        // a client of 127.0.0.1 that closes at once; relayed after it closed, it once showed as
        // `connect ?`, a connection without an address, which the server now drops unlogged.)
        let log = server.log().split(separator: "\n")
        let connects = log.filter { $0.contains("soma serve: connect ") && !$0.contains("soma serve: connect 127.0.0.1:") }
        #expect(connects.allSatisfy { $0.contains(" via 127.0.0.1:") }, "\(log)")
        #expect(connects.count { $0.contains("connect 127.0.0.2:") } == 2 && connects.count { $0.contains("connect 127.0.0.3:") } == 1,
                "\(log)")
        #expect(log.count { $0.contains("refused ") } == 1, "\(log)")
        #expect(server.stop().status == 0)
    }

    @Test("--proxy-from: straight from a listed address, no header is refused and logged; from another, a header is bad SSH")
    func trustOnlyTheBalancer() throws {
        let metrics = try LoopbackSSH.freePort()
        let server = try SomaServer(options: ["--proxy-from", "127.0.0.1", "--metrics", "127.0.0.1:\(metrics)"])
        let key = try server.makeKey("player")

        // An SSH client straight from the balancer's address: closed before a byte of SSH.
        let direct = try #require(ServeBadClientTests.rawConnect(port: server.port, source: "127.0.0.1"))
        let answer = ServeBadClientTests.exchange(direct, sending: Array("SSH-2.0-OpenSSH_9.2\r\n".utf8))
        close(direct)
        #expect(answer.closed && answer.reply.isEmpty, "\(answer)")
        #expect(server.wait { server.log().contains("refused 127.0.0.1:") }, "\(server.log())")
        #expect(server.log().contains(": no PROXY header"))
        let text = try ServeOperationsTests.httpGet(port: metrics, path: "/metrics")
        #expect(ServeOperationsTests.sample(text, #"soma_refusals_total{reason="proxy_header"}"#) == 1, "\(text)")

        // A version 1 header from the balancer's address, and in the same segment bytes that are
        // not SSH: the header names the client, and what follows it reaches the SSH checks.
        let relayed = try #require(ServeBadClientTests.rawConnect(port: server.port, source: "127.0.0.1"))
        let notSSH = ServeBadClientTests.exchange(relayed, sending: Array("PROXY TCP4 198.51.100.7 127.0.0.1 40000 2222\r\nHELLO\r\n".utf8))
        close(relayed)
        #expect(notSSH.closed && notSSH.reply.contains("soma: this port speaks SSH-2.0 only"), "\(notSSH)")
        #expect(server.wait {
            server.log().split(separator: "\n").contains { $0.contains("disconnect 198.51.100.7:40000 after ") && $0.hasSuffix(": not an SSH-2.0 client") }
        }, "\(server.log())")
        #expect(server.log().contains("connect 198.51.100.7:40000 via 127.0.0.1:"))

        // From an address not in the list, SSH as before...
        let plain = try ServeAdmissionTests.ssh(server, key: key, from: "127.0.0.4", "figures")
        #expect(plain.status == 0, "\(plain.error)")
        #expect(plain.output.contains("cube"))
        #expect(Self.lines(server, containing: "auth 127.0.0.4:") == 1, "\(server.log())")
        // ... and a PROXY header from it, claiming 10.9.9.9, is not SSH: refused as any wrong bytes.
        let forged = try #require(ServeBadClientTests.rawConnect(port: server.port, source: "127.0.0.4"))
        let header: [UInt8] = [0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a, 0x21, 0x11, 0x00, 0x0c,
                               10, 9, 9, 9, 127, 0, 0, 1, 0x30, 0x39, 0x08, 0xae]
        let reply = ServeBadClientTests.exchange(forged, sending: header + Array("SSH-2.0-OpenSSH_9.2\r\n".utf8))
        close(forged)
        #expect(reply.closed && reply.reply.contains("soma: this port speaks SSH-2.0 only"), "\(reply)")
        #expect(server.wait { server.log().contains("not an SSH-2.0 client") }, "\(server.log())")
        #expect(!server.log().contains("10.9.9.9"))
        #expect(server.stop().status == 0)
    }

    @Test("--proxy-from refuses what is not the balancers' addresses, naming the value and what it takes, with status 2")
    func optionIsChecked() throws {
        for value in ["0.0.0.0/0", "10.0.0.5,balancer.example", "10.0.0.0/33", "127.0.0.0/1"] {
            let run = try Tmux.run([SomaBinary.path, "serve", "--proxy-from", value])
            #expect(run.status == 2, "\(value): \(run)")
            #expect(run.error.hasPrefix("Error: The value '\(value)' is invalid for '--proxy-from <addr[,addr...]>'\n"
                                        + "Help:  --proxy-from <addr[,addr...]>  Balancers whose connections"), "\(run.error)")
            #expect(run.error.contains("as 10.0.0.5,10.0.1.0/24"), "\(run.error)")
        }
    }
}
