import Testing
@testable import Server

/// The server's small values: what the command line reads, how sizes are clamped, how keys
/// are named, and the two meters the limits run on (time passed in).
@Suite struct ServerValuesTests {
    @Test func timeSpansReadUnits() {
        #expect(TimeSpan("90")?.seconds == 90)
        #expect(TimeSpan("90s")?.seconds == 90)
        #expect(TimeSpan("30m")?.seconds == 1800)
        #expect(TimeSpan("4h")?.seconds == 14400)
        #expect(TimeSpan("30m")?.description == "30m")
        #expect(TimeSpan("90s")?.description == "90s")
        for bad in ["", "m", "0", "-5s", "1.5h", "30x", "3 m", "٣s"] {
            #expect(TimeSpan(bad) == nil, "\(bad)")
        }
    }

    @Test func listenAddresses() {
        #expect(ListenAddress("127.0.0.1:2222") == ListenAddress(host: "127.0.0.1", port: 2222))
        #expect(ListenAddress("[::1]:22") == ListenAddress(host: "::1", port: 22))
        #expect(ListenAddress("[::1]:22")?.description == "[::1]:22")
        for bad in ["2222", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:65536", ":22", "::1:22", "[::1]22", "host:port"] {
            #expect(ListenAddress(bad) == nil, "\(bad)")
        }
    }

    @Test func terminalSizesAreClamped() {
        let start = TerminalSize.standard
        #expect(start.changed(columns: 120, rows: 40) == TerminalSize(columns: 120, rows: 40))
        // 0 is "not given": the size stays.
        #expect(start.changed(columns: 0, rows: 0) == start)
        #expect(start.changed(columns: 100, rows: 0) == TerminalSize(columns: 100, rows: 24))
        #expect(start.changed(columns: 10000, rows: 10000) == TerminalSize(columns: 500, rows: 200))
        #expect(start.changed(columns: -3, rows: 1) == TerminalSize(columns: 80, rows: 1))
    }

    /// The fingerprint OpenSSH prints for this key (`ssh-keygen -lf`).
    @Test func fingerprintsAreOpenSSHs() {
        let key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJVYwh/5p+4ZUXlJHRPEho6vDwmKAL5XuTlUwZ30epoQ test"
        #expect(Player.fingerprint(openSSH: key) == "SHA256:nNNcHSMQcH/FPbdz7hoYh6IKOGuNXFPZESD0q/FLZNc")
        #expect(Player.fingerprint(openSSH: "ssh-ed25519") == nil)
        #expect(Player.key(fingerprint: "SHA256:abc").environment == ["SOMA_PLAYER=SHA256:abc"])
        #expect(Player.guest.environment == ["SOMA_GUEST=1"])
    }

    @Test func termNamesAreCleaned() {
        #expect(GameSession.clean(term: "xterm-256color") == "xterm-256color")
        #expect(GameSession.clean(term: "screen.xterm+x_y") == "screen.xterm+x_y")
        for bad in ["", "xterm; rm -rf /", "a\u{1b}b", "x=y", String(repeating: "a", count: 65), "tërm"] {
            #expect(GameSession.clean(term: bad) == "xterm-256color", "\(bad)")
        }
    }

    @Test func aFloodFromOneAddressIsRefusedOthersAreNot() {
        var limiter = ConnectionRateLimiter(perMinute: 3)
        var answers: [Bool] = []
        for _ in 0..<5 { answers.append(limiter.admit("10.0.0.1", now: 100)) }
        answers.append(limiter.admit("10.0.0.2", now: 100))
        // One token back every 20 s.
        answers.append(limiter.admit("10.0.0.1", now: 119))
        answers.append(limiter.admit("10.0.0.1", now: 120.5))
        answers.append(limiter.admit("10.0.0.1", now: 121))
        #expect(answers == [true, true, true, false, false, true, false, true, false])
    }

    @Test func inputOverTheRateBreaksTheRule() {
        var meter = InputMeter(limit: 100)
        var answers: [Bool] = []
        answers.append(meter.admit(60, now: 10))
        answers.append(meter.admit(40, now: 10.5))
        answers.append(meter.admit(1, now: 10.9))
        // A new second, a new count.
        answers.append(meter.admit(100, now: 11.0))
        #expect(answers == [true, true, false, true])
    }
}
