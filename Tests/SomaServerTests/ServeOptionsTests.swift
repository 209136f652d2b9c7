import ArgumentParser
import Logging
import Server
import Testing
@testable import SomaServer

/// `soma serve`'s options are typed: each value is read by its own type's reader as the
/// command line is parsed, and a value it refuses gets the parser's message naming the option,
/// then the option's help line saying what it takes.
@Suite struct ServeOptionsTests {
    /// The message `soma serve` prints for `arguments`, or nil when they parse.
    static func message(_ arguments: [String]) -> String? {
        do {
            _ = try ServeCommand.parseAsRoot(arguments)
            return nil
        } catch {
            return ServeCommand.fullMessage(for: error)
        }
    }

    @Test("--peer-listen: with --peer-secret-file and --database only, and not on a wildcard address", arguments: [
        (["--peer-listen", "127.0.0.1:7022"], "Error: --peer-listen and --peer-secret-file go together"),
        (["--peer-secret-file", "/etc/soma/peer-secret"], "Error: --peer-listen and --peer-secret-file go together"),
        (["--peer-listen", "127.0.0.1:7022", "--peer-secret-file", "/s"],
         "Error: --peer-listen needs --database (its playing table says where each player is)"),
        (["--peer-listen", "0.0.0.0:7022", "--peer-secret-file", "/s", "--database", "postgres://soma@db/soma"],
         "Error: --peer-listen needs an address the other instances reach, not 0.0.0.0"),
    ])
    func peerOptions(arguments: [String], line: String) throws {
        let message = try #require(Self.message(arguments))
        #expect(message.hasPrefix(line + "\n") || message == line, "\(message)")
        let taken = try #require(try ServeCommand.parseAsRoot(["--peer-listen", "10.0.0.11:7022", "--peer-secret-file", "/s",
                                                               "--database", "postgres://soma@db/soma"]) as? ServeCommand)
        #expect(taken.peerListen == ListenAddress(host: "10.0.0.11", port: 7022) && taken.peerSecretFile == "/s")
    }

    @Test func theDefaultsAreTheDocumentedOnes() throws {
        let command = try #require(try ServeCommand.parseAsRoot([]) as? ServeCommand)
        #expect(command.listen == ListenAddress(host: "127.0.0.1", port: 2222))
        #expect(command.idleTimeout == TimeSpan(seconds: 1800) && command.sessionLimit == TimeSpan(seconds: 14_400))
        #expect(command.commandCpu == TimeSpan(seconds: 60) && command.commandOutput == ByteCount(bytes: 16 << 20))
        #expect(command.logFormat == .text && command.logLevel == .info && command.metrics == nil && command.database == nil && command.proxyFrom == nil)
    }

    @Test func valuesAreReadByTheirTypes() throws {
        let command = try #require(try ServeCommand.parseAsRoot([
            "--listen", "[::1]:2200", "--idle-timeout", "90s", "--command-output", "64K", "--log-format", "json",
            "--log-level", "warning", "--metrics", "127.0.0.1:9464", "--proxy-from", "10.0.0.5,10.0.1.0/24", "--database", "postgres://soma@db/soma",
        ]) as? ServeCommand)
        #expect(command.listen == ListenAddress(host: "::1", port: 2200))
        #expect(command.idleTimeout == TimeSpan(seconds: 90) && command.commandOutput == ByteCount(bytes: 65536))
        #expect(command.logFormat == .json && command.logLevel == .warning && command.metrics == ListenAddress(host: "127.0.0.1", port: 9464))
        #expect(command.proxyFrom?.description == "10.0.0.5/32,10.0.1.0/24")
        #expect(command.database?.host == "db" && command.database?.password == nil)
    }

    @Test("a bad value names the option and what it takes", arguments: [
        (["--idle-timeout", "soon"], "The value 'soon' is invalid for '--idle-timeout <time>'",
         "Close a connection with no input for this long (90s, 30m, 2h)."),
        (["--listen", "nowhere"], "The value 'nowhere' is invalid for '--listen <host:port>'", "as 127.0.0.1:2222 or [::1]:2222"),
        (["--command-output", "lots"], "The value 'lots' is invalid for '--command-output <size>'", "(65536, 64K, 16M)"),
        (["--proxy-from", "0.0.0.0/0"], "The value '0.0.0.0/0' is invalid for '--proxy-from <addr[,addr...]>'", "no range wider than /8"),
        (["--database", "mysql://x@y/z"], "The value 'mysql://x@y/z' is invalid for '--database <postgres://user@host[:port]/db>'",
         "in PostgreSQL"),
        (["--log-format", "xml"], "The value 'xml' is invalid for '--log-format <format>'. Please provide one of 'text' and 'json'.",
         "text, or json"),
        (["--playing-window", "2s"], "The value '2s' is invalid for '--playing-window <time>'", "(3s to 1h; "),
        (["--playing-window", "61m"], "The value '61m' is invalid for '--playing-window <time>'", "(3s to 1h; "),
    ])
    func badValues(_ arguments: [String], _ error: String, _ help: String) throws {
        let message = try #require(Self.message(arguments))
        let lines = message.split(separator: "\n")
        #expect(lines.first.map(String.init) == "Error: " + error, "\(message)")
        #expect(lines.count > 1 && lines[1].hasPrefix("Help:  ") && lines[1].contains(help), "\(message)")
    }

    @Test func anUnknownLogLevelListsTheLevels() throws {
        let message = try #require(Self.message(["--log-level", "loud"]))
        #expect(message.hasPrefix("Error: The value 'loud' is invalid for '--log-level <level>'. Please provide one of the following:\n"
                                  + "  - trace\n  - debug\n  - info\n  - notice\n  - warning\n  - error\n  - critical\n"
                                  + "Help:  --log-level <level>  The least important lines written: "), "\(message)")
    }

    @Test("a number out of its range, or no number, names the option, and its help line says the range", arguments: [
        (["--max-sessions", "0"], "--max-sessions <n>", "The most players at once, 1 to 10000 "),
        (["--pending-logins", "10001"], "--pending-logins <n>", "1 to 10000"),
        (["--pending-logins-per-address", "0"], "--pending-logins-per-address <n>", "1 to 10000"),
        (["--sessions-per-address", "many"], "--sessions-per-address <n>", "1 to 10000"),
        (["--commands-per-address", "99999"], "--commands-per-address <n>", "1 to 10000"),
        (["--connections-per-minute", "100001"], "--connections-per-minute <n>", "1 to 100000"),
        (["--max-input-rate", "16777217"], "--max-input-rate <n>", "1 to 16777216"),
        (["--max-input-rate", "99999999999999999999999"], "--max-input-rate <n>", "1 to 16777216"),
    ])
    func numbersOutOfRangeAreNamed(_ arguments: [String], _ option: String, _ range: String) throws {
        let message = try #require(Self.message(arguments))
        let lines = message.split(separator: "\n")
        #expect(lines.first.map(String.init) == "Error: The value '\(arguments[1])' is invalid for '\(option)'", "\(message)")
        #expect(lines.count > 1 && lines[1].hasPrefix("Help:  ") && lines[1].contains(range), "\(message)")
    }

    @Test func numbersInRangeAreTaken() throws {
        let command = try #require(try ServeCommand.parseAsRoot([
            "--max-sessions", "10000", "--pending-logins", "1", "--connections-per-minute", "100000", "--max-input-rate", "16777216",
        ]) as? ServeCommand)
        #expect(command.maxSessions.value == 10_000 && command.pendingLogins.value == 1)
        let window = try #require(try ServeCommand.parseAsRoot(["--playing-window", "3s"]) as? ServeCommand)
        #expect(window.playingWindow.seconds == 3)
        #expect((try ServeCommand.parseAsRoot(["--playing-window", "1h"]) as? ServeCommand)?.playingWindow.seconds == 3600)
        #expect(command.connectionsPerMinute.value == 100_000 && command.maxInputRate.value == 1 << 24)
        let defaults = try #require(try ServeCommand.parseAsRoot([]) as? ServeCommand)
        #expect([defaults.maxSessions.value, defaults.pendingLogins.value, defaults.pendingLoginsPerAddress.value,
                 defaults.sessionsPerAddress.value, defaults.commandsPerAddress.value, defaults.connectionsPerMinute.value,
                 defaults.maxInputRate.value] == [64, 32, 8, 8, 4, 20, 16384])
        #expect(defaults.playingWindow.seconds == 60)
    }
}
