import Foundation
import Logging
import Testing
@testable import Server

/// The server's log through swift-log: what a `Logger` call writes, line by line, in each format,
/// at each level.
@Suite struct ServerLogHandlerTests {
    /// Lines written, in order (a handler's output closure may be called from any thread).
    final class Lines: @unchecked Sendable {
        private var lines: [String] = []
        private let lock = NSLock()
        func append(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    /// A logger writing into `lines` at a fixed time (2026-11-18T11:06:40.250Z).
    static func logger(_ format: LogFormat, level: Logger.Level = .info, into lines: Lines) -> Logger {
        var logger = Logger(label: "soma.serve") { _ in
            ServerLogHandler(format: format, output: { lines.append($0) }, clock: { 1_795_000_000.25 })
        }
        logger.logLevel = level
        return logger
    }

    @Test func textLinesAreTheSentencesTheyWere() {
        let lines = Lines()
        let log = Self.logger(.text, into: lines)
        log.info("connect 127.0.0.1:5000")
        log.notice("refused 10.0.0.9:4000: too many connections")
        #expect(lines.all == ["soma serve: connect 127.0.0.1:5000\n", "soma serve: refused 10.0.0.9:4000: too many connections\n"])
    }

    @Test func jsonLinesCarryTheLevel() {
        let lines = Lines()
        let log = Self.logger(.json, into: lines)
        log.warning("peer 10.0.0.2:7022: no answer; closed")
        #expect(lines.all == [#"{"event":"peer","level":"warning","message":"peer 10.0.0.2:7022: no answer; closed","#
                              + #""time":"2026-11-18T11:06:40.250Z"}"# + "\n"])
    }

    @Test func linesBelowTheLevelAreDropped() {
        let lines = Lines()
        let log = Self.logger(.text, level: .notice, into: lines)
        log.info("connect 127.0.0.1:5000")
        log.debug("nothing")
        log.notice("listening on 127.0.0.1:2222")
        log.critical("cannot use the database")
        #expect(lines.all == ["soma serve: listening on 127.0.0.1:2222\n", "soma serve: cannot use the database\n"])
    }

    @Test func controlCharactersAndLongMessagesNeverReachTheLog() {
        let lines = Lines()
        let log = Self.logger(.text, into: lines)
        log.info("auth 127.0.0.1:5000 \u{1b}[2Jevil\u{7f}\nnext")
        log.info("\(String(repeating: "x", count: 1000))")
        #expect(lines.all.first == "soma serve: auth 127.0.0.1:5000 ?[2Jevil??next\n")
        #expect(lines.all.last == "soma serve: " + String(repeating: "x", count: 400) + "\n")
    }

    @Test func metadataFollowsTheMessage() {
        let lines = Lines()
        var text = Self.logger(.text, into: lines)
        text[metadataKey: "instance"] = "b"
        text.error("no store line for ann", metadata: ["errno": "24", "evil": "\u{1b}x"])
        var json = Self.logger(.json, into: lines)
        json[metadataKey: "instance"] = "b"
        // A metadata key never replaces one of the line's own four.
        json.info("stopped", metadata: ["level": "fake", "message": "fake"])
        #expect(lines.all == [
            "soma serve: no store line for ann [errno=24 evil=?x instance=b]\n",
            #"{"event":"stopped","instance":"b","level":"info","message":"stopped","time":"2026-11-18T11:06:40.250Z"}"# + "\n",
        ])
    }

    @Test func theServersLoggerTakesTheLevelAsked() {
        #expect(ServerLog.make(format: .json, level: .warning).logLevel == .warning)
        #expect(ServerLog.make(format: .text, level: .info).logLevel == .info)
    }
}
