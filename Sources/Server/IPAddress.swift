#if canImport(Glibc)
import Glibc
#endif

/// An IPv4 or IPv6 address as its bytes (4 or 16), read and written by the C library
/// (`inet_pton`, `inet_ntop`): strict dotted quads and RFC 4291 text in, RFC 5952 text out. The
/// PROXY protocol hands the server a player's address in either form (`ProxyHeader`), and
/// `--proxy-from` ranges are matched byte by byte (`ProxySources`).
struct IPAddress: Equatable, Hashable, Sendable, CustomStringConvertible {
    let bytes: [UInt8]

    var isIPv4: Bool { bytes.count == 4 }

    /// Four bytes (IPv4) or sixteen (IPv6); nil for any other count.
    init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = Array(bytes)
    }

    /// Text of an IPv4 address (`192.0.2.7`) or an IPv6 one (`2001:db8::7`, `::ffff:192.0.2.7`);
    /// nil for anything else (names, zones, ports, spaces).
    init?(_ text: some StringProtocol) {
        guard (2...45).contains(text.utf8.count), text.utf8.allSatisfy({ (0x21...0x7e).contains($0) }) else { return nil }
        let string = String(text)
        if !string.contains(":") {
            var address = in_addr()
            guard inet_pton(AF_INET, string, &address) == 1 else { return nil }
            bytes = withUnsafeBytes(of: &address) { Array($0) }
        } else {
            var address = in6_addr()
            guard inet_pton(AF_INET6, string, &address) == 1 else { return nil }
            bytes = withUnsafeBytes(of: &address) { Array($0) }
        }
    }

    /// An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, as a dual-stack socket shows an IPv4
    /// client) as the IPv4 address it is; any other address as it is.
    var unmapped: IPAddress {
        guard bytes.count == 16, bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff else { return self }
        return IPAddress(bytes: bytes.suffix(4))!
    }

    var description: String {
        var text = [CChar](repeating: 0, count: 64)
        let family = isIPv4 ? AF_INET : AF_INET6
        let written = bytes.withUnsafeBytes { inet_ntop(family, $0.baseAddress, &text, socklen_t(text.count)) }
        guard written != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
