import Foundation
import Testing
@testable import Server

/// The metrics an operator scrapes, read back in Prometheus' text format after fake events.
@Suite struct ServerMetricsTests {
    /// The value of the sample line `name` (with its labels, as written), or nil when absent.
    static func value(_ text: String, _ name: String) -> Double? {
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1))
        }
        return nil
    }

    @Test func sessionsLoginsRefusalsAndExitsCount() {
        let metrics = ServerMetrics(store: true)
        metrics.login(.player)
        metrics.login(.player)
        metrics.login(.guest)
        metrics.login(.full)
        metrics.refused(.rate)
        metrics.refused(RefusalReason(.loginsFromAddress(8)))
        metrics.refused(RefusalReason(.loginsFromAddress(8)))
        metrics.seatTaken()
        metrics.seatTaken()
        metrics.seatTaken()
        metrics.seatLeft()
        metrics.gameEnded(after: 42)
        metrics.gameExited(status: 0)
        metrics.gameExited(status: 137)
        metrics.gameExited(status: 0)
        metrics.storeError()
        metrics.storeRetry()
        metrics.storeRetry()
        let text = metrics.text
        #expect(Self.value(text, "soma_sessions") == 2)
        #expect(Self.value(text, #"soma_logins_total{outcome="player"}"#) == 2)
        #expect(Self.value(text, #"soma_logins_total{outcome="guest"}"#) == 1)
        #expect(Self.value(text, #"soma_logins_total{outcome="full"}"#) == 1)
        #expect(Self.value(text, #"soma_logins_total{outcome="refused"}"#) == 0)
        #expect(Self.value(text, #"soma_refusals_total{reason="rate"}"#) == 1)
        #expect(Self.value(text, #"soma_refusals_total{reason="logins_from_address"}"#) == 2)
        #expect(Self.value(text, #"soma_refusals_total{reason="login_timeout"}"#) == 0)
        #expect(Self.value(text, #"soma_game_exits_total{status="0"}"#) == 2)
        #expect(Self.value(text, #"soma_game_exits_total{status="137"}"#) == 1)
        #expect(Self.value(text, "soma_store_errors_total") == 1)
        #expect(Self.value(text, "soma_store_retries_total") == 2)
        #expect(Self.value(text, "soma_session_length_seconds_count") == 1)
        #expect(Self.value(text, "soma_session_length_seconds_sum") == 42)
        #expect(Self.value(text, #"soma_session_length_seconds_bucket{le="60.0"}"#) == 1)
        #expect(Self.value(text, #"soma_session_length_seconds_bucket{le="10.0"}"#) == 0)
    }

    @Test func firstFrameLatencyFillsItsBuckets() {
        let metrics = ServerMetrics()
        metrics.firstFrame(after: 0.03)
        metrics.firstFrame(after: 0.2)
        metrics.firstFrame(after: -1)   // a clock that went backwards counts 0
        let text = metrics.text
        #expect(text.contains("# TYPE soma_first_frame_seconds histogram"))
        #expect(Self.value(text, "soma_first_frame_seconds_count") == 3)
        #expect(Self.value(text, #"soma_first_frame_seconds_bucket{le="0.01"}"#) == 1)
        #expect(Self.value(text, #"soma_first_frame_seconds_bucket{le="0.05"}"#) == 2)
        #expect(Self.value(text, #"soma_first_frame_seconds_bucket{le="0.25"}"#) == 3)
        #expect(Self.value(text, #"soma_first_frame_seconds_bucket{le="+Inf"}"#) == 3)
        #expect(abs((Self.value(text, "soma_first_frame_seconds_sum") ?? 0) - 0.23) < 1e-9)
    }

    @Test func aStrangeExitStatusIsOneLabel() {
        let metrics = ServerMetrics()
        metrics.gameExited(status: 300)
        metrics.gameExited(status: -2)
        #expect(Self.value(metrics.text, #"soma_game_exits_total{status="other"}"#) == 2)
    }

    /// The families (`# TYPE` names) of a page, in order, and those with a `# HELP` line.
    static func families(_ text: String) -> (typed: [String], helped: Set<String>) {
        var typed: [String] = [], helped: Set<String> = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count >= 3, words[0] == "#" else { continue }
            if words[1] == "TYPE" { typed.append(String(words[2])) }
            if words[1] == "HELP" { helped.insert(String(words[2])) }
        }
        return (typed, helped)
    }

    @Test func everyFamilyFromTheStartWithItsHelp() {
        let plain = ServerMetrics().text
        let (typed, helped) = Self.families(plain)
        #expect(Set(typed) == ["soma_sessions", "soma_logins_total", "soma_refusals_total", "soma_first_frame_seconds",
                               "soma_session_length_seconds", "soma_game_exits_total"], "\(typed)")
        #expect(helped == Set(typed))
        #expect(Self.value(plain, #"soma_game_exits_total{status="0"}"#) == 0)
        #expect(Self.value(plain, #"soma_refusals_total{reason="server_full"}"#) == 0)
        #expect(Self.value(plain, #"soma_refusals_total{reason="store_unavailable"}"#) == 0)
        #expect(!plain.contains("soma_store_"), "no store counters without --database")
        let withStore = ServerMetrics(store: true).text
        #expect(Self.value(withStore, "soma_store_errors_total") == 0)
        #expect(Self.value(withStore, "soma_store_retries_total") == 0)
        #expect(Self.families(withStore).helped.isSuperset(of: ["soma_store_errors_total", "soma_store_retries_total"]))
    }

    /// Debian's `prometheus` package's linter (make test-deps installs it).
    static let promtool = ["/usr/bin/promtool", "/usr/local/bin/promtool"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test("promtool check metrics finds nothing to say, with and without the store, after events",
          // Under make test (SOMA_TESTS_REQUIRE_TOOLS=1) a missing promtool fails and names itself.
          .enabled(if: promtool != nil || ProcessInfo.processInfo.environment["SOMA_TESTS_REQUIRE_TOOLS"] == "1",
                   "promtool is not installed (make test-deps installs the prometheus package)"))
    func promtoolIsContent() throws {
        let promtool = try #require(Self.promtool, "promtool is missing: make test-deps installs it (apt-get install prometheus)")
        let metrics = ServerMetrics(store: true)
        metrics.login(.player)
        metrics.refused(.serverFull)
        metrics.seatTaken()
        metrics.gameEnded(after: 30)
        metrics.gameExited(status: 129)
        metrics.firstFrame(after: 0.05)
        metrics.storeError()
        for text in [ServerMetrics().text, metrics.text] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: promtool)
            process.arguments = ["check", "metrics"]
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            process.standardError = output
            try process.run()
            input.fileHandleForWriting.write(Data(text.utf8))
            try input.fileHandleForWriting.close()
            let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(said)\n\(text)")
            #expect(said.isEmpty, "\(said)")
        }
    }

    @Test func metricsBindWarnings() {
        for quiet in ["127.0.0.1:9464", "[::1]:9464", "10.1.2.3:9464", "172.20.0.1:9464", "192.168.1.5:9464", "100.64.0.1:9464",
                      "[fd00::5]:9464", "[fe80::1]:9464", "localhost:9464"] {
            #expect(MetricsEndpoint.exposure(of: ListenAddress(quiet)!) == nil, "\(quiet)")
        }
        for loud in ["0.0.0.0:9464", "203.0.113.7:9464", "172.32.0.1:9464", "[::]:9464", "[2001:db8::1]:9464", "metrics.example:9464"] {
            #expect(MetricsEndpoint.exposure(of: ListenAddress(loud)!)
                    == "warning: metrics on \(ListenAddress(loud)!) may be read by anyone who reaches it: "
                    + "give --metrics a loopback or private address (127.0.0.1:9464, 10.0.0.5:9464)", "\(loud)")
        }
    }

    @Test func healthAnswers() {
        #expect(HealthCheck.answer(.serving).hasPrefix("HTTP/1.0 200 OK\r\n"))
        #expect(HealthCheck.answer(.serving).hasSuffix("\r\n\r\nok\n"))
        for (status, body) in [(HealthCheck.Status.full, "full"), (.storeAway, "database away"), (.draining, "draining")] {
            let answer = HealthCheck.answer(status)
            #expect(answer.hasPrefix("HTTP/1.0 503 Service Unavailable\r\n"))
            #expect(answer.hasSuffix("Content-Length: \(body.utf8.count + 1)\r\nConnection: close\r\n\r\n\(body)\n"))
        }
    }

    @Test func jsonLogLines() {
        #expect(LogFormat.json("connect 127.0.0.1:5000", level: .info, at: 1_795_000_000.25)
                == #"{"event":"connect","level":"info","message":"connect 127.0.0.1:5000","time":"2026-11-18T11:06:40.250Z"}"#)
        #expect(LogFormat.json(#"auth say "hi" \ there/x"#, level: .notice, at: 0)
                == #"{"event":"auth","level":"notice","message":"auth say \"hi\" \\ there/x","time":"1970-01-01T00:00:00.000Z"}"#)
        #expect(LogFormat.json("\u{1}", level: .error, at: 0)
                == #"{"event":"","level":"error","message":"\u0001","time":"1970-01-01T00:00:00.000Z"}"#)
        #expect(LogFormat.iso8601(.nan) == "1970-01-01T00:00:00.000Z")
    }
}
