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
        let metrics = ServerMetrics()
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

    @Test func jsonLogLines() {
        #expect(LogFormat.json("connect 127.0.0.1:5000", at: 1_795_000_000.25)
                == #"{"event":"connect","message":"connect 127.0.0.1:5000","time":"2026-11-18T11:06:40.250Z"}"#)
        #expect(LogFormat.json(#"auth say "hi" \ there/x"#, at: 0)
                == #"{"event":"auth","message":"auth say \"hi\" \\ there/x","time":"1970-01-01T00:00:00.000Z"}"#)
        #expect(LogFormat.json("\u{1}", at: 0) == #"{"event":"","message":"\u0001","time":"1970-01-01T00:00:00.000Z"}"#)
        #expect(LogFormat.iso8601(.nan) == "1970-01-01T00:00:00.000Z")
    }
}
