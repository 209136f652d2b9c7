import Polycube
import Testing
@testable import Server

/// The PROXY protocol header (versions 1 and 2) as the server reads it from a balancer: every
/// form HAProxy sends, every truncation (more is awaited, never a wrong answer), and the lies
/// and garbage a stranger could send (refused with a reason, never a trap).
@Suite struct ProxyHeaderTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    static func address(_ text: String) -> IPAddress { IPAddress(text)! }

    /// A version 2 header: `command` (0 LOCAL, 1 PROXY), `family` byte, then `block`.
    static func v2(command: UInt8 = 1, family: UInt8, block: [UInt8]) -> [UInt8] {
        ProxyHeader.v2Signature + [0x20 | command, family, UInt8(block.count >> 8), UInt8(block.count & 0xff)] + block
    }

    /// 203.0.113.7:51234 -> 10.0.0.11:2222 over TCP/IPv4.
    static let tcp4Block: [UInt8] = [203, 0, 113, 7, 10, 0, 0, 11, 0xc8, 0x22, 0x08, 0xae]

    /// 2001:db8::7 port 443 -> ::1 port 2222, over TCP/IPv6.
    static let tcp6Block: [UInt8] = [0x20, 0x01, 0x0d, 0xb8] + [UInt8](repeating: 0, count: 11) + [7]
        + [UInt8](repeating: 0, count: 15) + [1] + [0x01, 0xbb, 0x08, 0xae]

    @Test func version1TCP4() {
        let header = Self.bytes("PROXY TCP4 203.0.113.7 10.0.0.11 51234 2222\r\n")
        #expect(ProxyHeader.parse(header) == .header(.relayed(Self.address("203.0.113.7"), port: 51234), length: header.count))
        // The client's bytes that follow are not the header's.
        #expect(ProxyHeader.parse(header + Self.bytes("SSH-2.0-OpenSSH_9.2\r\n"))
                == .header(.relayed(Self.address("203.0.113.7"), port: 51234), length: header.count))
    }

    @Test func version1TCP6() {
        let header = Self.bytes("PROXY TCP6 2001:db8::7 2001:db8::1 65535 22\r\n")
        #expect(ProxyHeader.parse(header) == .header(.relayed(Self.address("2001:db8::7"), port: 65535), length: header.count))
        #expect(Self.address("2001:0db8:0:0::7").description == "2001:db8::7")
    }

    @Test func version1Unknown() {
        for line in ["PROXY UNKNOWN\r\n", "PROXY UNKNOWN ffff:f...f:ffff ffff:f...f:ffff 65535 65535\r\n"] {
            #expect(ProxyHeader.parse(Self.bytes(line)) == .header(.local, length: line.utf8.count), "\(line)")
        }
    }

    @Test func version1LiesAreRefused() {
        let lies = [
            "PROXY TCP4 2001:db8::7 10.0.0.11 51234 2222\r\n",   // an IPv6 address as TCP4
            "PROXY TCP6 203.0.113.7 2001:db8::1 1 2\r\n",       // an IPv4 address as TCP6
            "PROXY TCP4 203.0.113.7 10.0.0.11 65536 2222\r\n",  // a port out of range
            "PROXY TCP4 203.0.113.7 10.0.0.11 -1 2222\r\n",
            "PROXY TCP4 203.0.113.7 10.0.0.11 123456 2222\r\n",
            "PROXY TCP4 203.0.113.7 10.0.0.11  51234 2222\r\n", // two spaces
            "PROXY TCP4 203.0.113.7 10.0.0.11 51234\r\n",       // a field missing
            "PROXY TCP4 203.0.113.7 10.0.0.11 51234 2222 9\r\n",
            "PROXY TCP4 203.0.113.256 10.0.0.11 51234 2222\r\n",
            "PROXY TCP4 host.example 10.0.0.11 51234 2222\r\n",
            "PROXY UDP4 203.0.113.7 10.0.0.11 51234 2222\r\n",
            "PROXY \r\n",
            "PROXY TCP4 203.0.113.7 10.0.0.11 51234 2222\n",    // LF without CR
            "PROXY TCP4 203.0.113.7 10.0.0.11 51234 2222\r\r\n",
            "PROXY TCP4 203.0.113.7\u{1b}[2J 10.0.0.11 51234 2222\r\n",
            "PROXY TCP4 203.0.113.7 10.0.0.11 5123\u{0}4 2222\r\n",
        ]
        for lie in lies {
            guard case .invalid(let reason) = ProxyHeader.parse(Self.bytes(lie)) else {
                Issue.record("taken: \(lie.debugDescription)")
                continue
            }
            // The reason is the server's words, never the sender's bytes.
            #expect(!reason.contains("203.0.113") && !reason.contains("\u{1b}") && !reason.contains("UDP4"), "\(reason)")
        }
    }

    @Test func version1IsBoundedAt107Bytes() {
        // The longest line the protocol allows is read...
        let longest = "PROXY TCP6 ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff 65535 65535\r\n"
        #expect(longest.utf8.count == 104)
        let unknown = "PROXY UNKNOWN " + String(repeating: "x", count: 107 - 16) + "\r\n"
        #expect(unknown.utf8.count == 107)
        #expect(ProxyHeader.parse(Self.bytes(unknown)) == .header(.local, length: 107))
        // ... and one byte more without its end is refused at once, not awaited.
        let endless = Self.bytes("PROXY UNKNOWN " + String(repeating: "x", count: 93))
        #expect(endless.count == 107)
        #expect(ProxyHeader.parse(endless.prefix(106)) == .needMore)
        #expect(ProxyHeader.parse(endless) == .invalid("a version 1 PROXY line over 107 bytes"))
        #expect(ProxyHeader.parse(endless + Self.bytes("\r\n")) == .invalid("a version 1 PROXY line over 107 bytes"))
    }

    @Test func version2ProxyIPv4() {
        let header = Self.v2(family: 0x11, block: Self.tcp4Block)
        #expect(header.count == 28)
        #expect(ProxyHeader.parse(header) == .header(.relayed(Self.address("203.0.113.7"), port: 51234), length: 28))
        #expect(ProxyHeader.parse(header + Self.bytes("SSH-2.0-x\r\n")) == .header(.relayed(Self.address("203.0.113.7"), port: 51234), length: 28))
    }

    @Test func version2ProxyIPv6() {
        let header = Self.v2(family: 0x21, block: Self.tcp6Block)
        #expect(header.count == 52)
        #expect(ProxyHeader.parse(header) == .header(.relayed(Self.address("2001:db8::7"), port: 443), length: 52))
    }

    @Test func version2LocalAndUnservedFamilies() {
        // LOCAL (a balancer's own connection): whatever its block says, the connection's address stands.
        #expect(ProxyHeader.parse(Self.v2(command: 0, family: 0x00, block: [])) == .header(.local, length: 16))
        #expect(ProxyHeader.parse(Self.v2(command: 0, family: 0x11, block: Self.tcp4Block)) == .header(.local, length: 28))
        // PROXY of an unspecified family, UDP, or a Unix socket: the connection's own address.
        #expect(ProxyHeader.parse(Self.v2(family: 0x00, block: [])) == .header(.local, length: 16))
        #expect(ProxyHeader.parse(Self.v2(family: 0x12, block: Self.tcp4Block)) == .header(.local, length: 28))
        #expect(ProxyHeader.parse(Self.v2(family: 0x31, block: [UInt8](repeating: 0, count: 216))) == .header(.local, length: 232))
    }

    @Test func version2ExtensionsAreSkipped() {
        // PP2_TYPE_UNIQUE_ID (0x05) and PP2_TYPE_AUTHORITY (0x02), as HAProxy adds them.
        let tlvs: [UInt8] = [0x05, 0x00, 0x04, 1, 2, 3, 4, 0x02, 0x00, 0x0b] + Self.bytes("example.org")
        let header = Self.v2(family: 0x11, block: Self.tcp4Block + tlvs)
        #expect(ProxyHeader.parse(header + [0x53]) == .header(.relayed(Self.address("203.0.113.7"), port: 51234), length: header.count))
    }

    @Test func version2LiesAreRefused() {
        var badVersion = Self.v2(family: 0x11, block: Self.tcp4Block)
        badVersion[12] = 0x11
        #expect(ProxyHeader.parse(badVersion) == .invalid("a PROXY header of version 1, not 2"))
        var badCommand = Self.v2(family: 0x11, block: Self.tcp4Block)
        badCommand[12] = 0x2f
        #expect(ProxyHeader.parse(badCommand) == .invalid("a version 2 PROXY header with the unknown command 15"))
        #expect(ProxyHeader.parse(Self.v2(family: 0x41, block: Self.tcp4Block)) == .invalid("a version 2 PROXY header of an unknown family"))
        #expect(ProxyHeader.parse(Self.v2(family: 0x13, block: Self.tcp4Block)) == .invalid("a version 2 PROXY header of an unknown family"))
        // A block too short for the addresses its family says.
        #expect(ProxyHeader.parse(Self.v2(family: 0x11, block: Array(Self.tcp4Block.prefix(11))))
                == .invalid("a version 2 PROXY header too short for its addresses"))
        #expect(ProxyHeader.parse(Self.v2(family: 0x21, block: Self.tcp4Block))
                == .invalid("a version 2 PROXY header too short for its addresses"))
    }

    @Test func version2LengthIsBounded() {
        // 1024 bytes after the fixed part are read; 1025 are refused from the fixed part alone,
        // before any of them is awaited, and so is the protocol's most, 65535.
        let most = Self.v2(family: 0x11, block: Self.tcp4Block + [UInt8](repeating: 0xee, count: 1024 - 12))
        #expect(ProxyHeader.parse(most) == .header(.relayed(Self.address("203.0.113.7"), port: 51234), length: 1040))
        let over = Self.v2(family: 0x11, block: Self.tcp4Block + [UInt8](repeating: 0xee, count: 1025 - 12))
        #expect(ProxyHeader.parse(over.prefix(16)) == .invalid("a version 2 PROXY header of 1025 bytes, over the 1024 allowed"))
        #expect(ProxyHeader.parse(ProxyHeader.v2Signature + [0x21, 0x11, 0xff, 0xff])
                == .invalid("a version 2 PROXY header of 65535 bytes, over the 1024 allowed"))
    }

    /// Good headers of every form: one each.
    static let goodHeaders = [
        bytes("PROXY TCP4 203.0.113.7 10.0.0.11 51234 2222\r\n"),
        bytes("PROXY TCP6 2001:db8::7 2001:db8::1 65535 22\r\n"),
        bytes("PROXY UNKNOWN\r\n"),
        v2(family: 0x11, block: tcp4Block),
        v2(family: 0x21, block: tcp6Block + [0x05, 0x00, 0x02, 9, 9]),
        v2(command: 0, family: 0x00, block: []),
    ]

    /// Every proper prefix of a good header waits for more; none is taken or refused early.
    @Test func everyTruncationAwaitsMore() {
        let headers = Self.goodHeaders
        for header in headers {
            for count in 1..<header.count {
                #expect(ProxyHeader.parse(header.prefix(count)) == .needMore, "\(count) of \(header.count) bytes")
            }
            guard case .header(_, let length) = ProxyHeader.parse(header) else {
                Issue.record("not read whole: \(header)")
                continue
            }
            #expect(length == header.count)
        }
    }

    @Test func garbageAndSSHAreNotHeaders() {
        // An SSH client straight from a balancer's address, an HTTP request, a stray byte.
        for text in ["SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n", "GET / HTTP/1.0\r\n\r\n", "proxy TCP4", "PROXY\r\n", "\r\n\r\nX"] {
            #expect(ProxyHeader.parse(Self.bytes(text)) == .invalid("no PROXY header"), "\(text.debugDescription)")
        }
        #expect(ProxyHeader.parse([0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0b]) == .invalid("no PROXY header"))
        // Nothing yet, or a start of either version: more is awaited.
        #expect(ProxyHeader.parse([UInt8]()) == .needMore)
        #expect(ProxyHeader.parse(Self.bytes("P")) == .needMore)
        #expect(ProxyHeader.parse([0x0d, 0x0a]) == .needMore)
    }

    /// Random bytes, random bytes after each start, and good headers with a few bytes changed
    /// and cut anywhere, with a seeded generator (the same run every time): every answer is one
    /// of the three, a length never past the input, and nothing traps.
    @Test func randomBytesNeverTrap() {
        var random = SeededGenerator(seed: 27)
        var counts = [0, 0, 0]
        for round in 0..<40_000 {
            var bytes = (0..<Int(random.next() % 160)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            switch round % 4 {
            case 0: break
            case 1: bytes = ProxyHeader.v2Signature + bytes
            case 2: bytes = Self.bytes("PROXY ") + bytes
            default:
                bytes = Self.goodHeaders[Int(random.next() % UInt64(Self.goodHeaders.count))] + bytes.prefix(8)
                for _ in 0..<(random.next() % 3) {
                    bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
                bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count + 1))))
            }
            switch ProxyHeader.parse(bytes) {
            case .needMore: counts[0] += 1
            case .header(_, let length):
                counts[1] += 1
                #expect(length <= bytes.count && length >= 15)
            case .invalid: counts[2] += 1
            }
        }
        // The loop reached all three answers, many times each.
        #expect(counts.allSatisfy { $0 > 1000 }, "\(counts)")
    }
}
