/// The header a balancer puts before a connection's bytes to say whose connection it relays:
/// HAProxy's PROXY protocol, version 1 (one text line, `PROXY TCP4 SRC DST SPORT DPORT\r\n`, at
/// most 107 bytes) or version 2 (a 12-byte signature, version and command, family, a 16-bit
/// length, then the addresses and type-length-value extensions). Read as a pure value from the
/// bytes received so far, so every truncation and every lie is a unit test (`ProxyHeaderTests`);
/// `ProxyHeaderReader` feeds it. Only connections from `--proxy-from` addresses are read this way:
/// from anyone else a header is a forgery, and goes to SSH as the bad bytes it is.
///
/// The bytes are untrusted: lengths are bounded before anything is awaited, numbers are read
/// without arithmetic that can trap, and the reasons name no byte of the input.
enum ProxyHeader: Equatable, Sendable {
    /// The balancer relays a client from this address and port.
    case relayed(IPAddress, port: Int)
    /// `LOCAL` (the balancer's own connection, e.g. a check), `UNKNOWN`, or a family soma does
    /// not serve (a Unix socket): the connection's own address stands, as the protocol says.
    case local

    enum Parse: Equatable, Sendable {
        /// Consistent so far; the header is not complete.
        case needMore
        /// A header of `length` bytes; what follows is the client's.
        case header(ProxyHeader, length: Int)
        /// Not a PROXY header, or a broken one: why, in words (for the log).
        case invalid(String)
    }

    /// Version 1's start, and its longest line (the protocol's own bound, CRLF included).
    static let v1Prefix = Array("PROXY ".utf8)
    static let v1MaxLength = 107
    /// Version 2's start, and its fixed part: signature, version and command, family, length.
    static let v2Signature: [UInt8] = [0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a]
    static let v2FixedLength = 16
    /// The most bytes after version 2's fixed part: the addresses (36 for IPv6, 216 for Unix
    /// sockets) and the extensions HAProxy adds (unique id, authority, TLS facts) fit many
    /// times over; the protocol allows 65535, a waste of memory per connection.
    static let v2MaxLength = 1024
    /// The most bytes a header can take: what a reader ever needs to hold.
    static let maxLength = v2FixedLength + v2MaxLength

    /// Reads the header at the start of `bytes` (everything received so far).
    static func parse(_ bytes: some Collection<UInt8>) -> Parse {
        let bytes = Array(bytes.prefix(maxLength))
        if bytes.isEmpty { return .needMore }
        if startsLike(v1Prefix, bytes) { return parseV1(bytes) }
        if startsLike(v2Signature, bytes) { return parseV2(bytes) }
        return .invalid("no PROXY header")
    }

    /// Whether `bytes` and `prefix` agree as far as both go.
    private static func startsLike(_ prefix: [UInt8], _ bytes: [UInt8]) -> Bool {
        zip(prefix, bytes).allSatisfy { $0 == $1 }
    }

    // MARK: version 1

    private static func parseV1(_ bytes: [UInt8]) -> Parse {
        let window = bytes.prefix(v1MaxLength)
        guard let newline = window.firstIndex(of: 0x0a) else {
            return bytes.count >= v1MaxLength ? .invalid("a version 1 PROXY line over \(v1MaxLength) bytes") : .needMore
        }
        guard newline > v1Prefix.count, bytes[newline - 1] == 0x0d else { return .invalid("a version 1 PROXY line without CRLF") }
        let line = bytes[v1Prefix.count..<(newline - 1)]
        guard line.allSatisfy({ (0x20...0x7e).contains($0) }) else { return .invalid("a version 1 PROXY line that is not text") }
        let fields = line.split(separator: 0x20, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let length = newline + 1
        switch fields.first {
        case "UNKNOWN":
            return .header(.local, length: length)
        case "TCP4", "TCP6":
            guard fields.count == 5 else { return .invalid("a version 1 PROXY line of \(fields.count) fields, not 5") }
            let ipv4 = fields[0] == "TCP4"
            guard let source = IPAddress(fields[1]), source.isIPv4 == ipv4,
                  let destination = IPAddress(fields[2]), destination.isIPv4 == ipv4 else {
                return .invalid("a version 1 PROXY line whose addresses are not \(ipv4 ? "IPv4" : "IPv6")")
            }
            guard let port = decimalPort(fields[3]), decimalPort(fields[4]) != nil else { return .invalid("a version 1 PROXY line with a bad port") }
            return .header(.relayed(source, port: port), length: length)
        default:
            return .invalid("a version 1 PROXY line of an unknown protocol")
        }
    }

    /// A port as version 1 writes it: 1 to 5 decimal digits, at most 65535.
    private static func decimalPort(_ text: String) -> Int? {
        guard (1...5).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let value = text.utf8.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return value <= 65535 ? value : nil
    }

    // MARK: version 2

    private static func parseV2(_ bytes: [UInt8]) -> Parse {
        guard bytes.count >= v2FixedLength else { return .needMore }
        let versionCommand = bytes[12], family = bytes[13]
        guard versionCommand >> 4 == 2 else { return .invalid("a PROXY header of version \(versionCommand >> 4), not 2") }
        let command = versionCommand & 0x0f
        guard command <= 1 else { return .invalid("a version 2 PROXY header with the unknown command \(command)") }
        let declared = Int(bytes[14]) << 8 | Int(bytes[15])
        guard declared <= v2MaxLength else {
            return .invalid("a version 2 PROXY header of \(declared) bytes, over the \(v2MaxLength) allowed")
        }
        let length = v2FixedLength + declared
        guard bytes.count >= length else { return .needMore }
        // LOCAL: the balancer speaks for itself; the address block, if any, means nothing.
        guard command == 1 else { return .header(.local, length: length) }
        let block = bytes[v2FixedLength..<length]
        let addressFamily = family >> 4, transport = family & 0x0f
        guard addressFamily <= 3, transport <= 2 else { return .invalid("a version 2 PROXY header of an unknown family") }
        // TCP over IPv4 or IPv6: source, destination, source port, destination port; what
        // follows the block (extensions) is skipped.
        let size: Int
        switch (addressFamily, transport) {
        case (1, 1): size = 4
        case (2, 1): size = 16
        default: return .header(.local, length: length)
        }
        guard block.count >= 2 * size + 4 else { return .invalid("a version 2 PROXY header too short for its addresses") }
        let start = block.startIndex
        let source = IPAddress(bytes: block[start..<(start + size)])!
        let portAt = start + 2 * size
        let port = Int(block[portAt]) << 8 | Int(block[portAt + 1])
        return .header(.relayed(source, port: port), length: length)
    }
}
