/// `--proxy-from ADDR[,ADDR...]`: the balancers whose connections begin with a PROXY header
/// (`ProxyHeader`) naming the player they relay. Addresses (`10.0.0.5`, `fd00::5`) or CIDR ranges
/// (`10.0.1.0/24`, `fd00::/64`). The header is believed from these addresses only: from any
/// other, anyone could write one and pass for anyone, so every other connection is taken as it
/// comes, its own address counting. A range of every address (`/0`) is refused for that reason,
/// and so is any range wider than `/8` (IPv4) or `/32` (IPv6): `127.0.0.0/1` is half the
/// Internet, and no operator's balancers need more than a private network's range.
public struct ProxySources: Sendable, Equatable, CustomStringConvertible {
    struct Range: Sendable, Equatable {
        let network: IPAddress
        /// Leading bits that must match.
        let bits: Int

        func contains(_ address: IPAddress) -> Bool {
            guard address.bytes.count == network.bytes.count else { return false }
            for (index, (a, b)) in zip(address.bytes, network.bytes).enumerated() {
                let left = bits - index * 8
                if left <= 0 { return true }
                let mask: UInt8 = left >= 8 ? 0xff : ~(0xff >> UInt8(left))
                if a & mask != b & mask { return false }
            }
            return true
        }
    }

    let ranges: [Range]
    public let description: String

    /// Reads a comma-separated list; nil when any entry is not an address or a range, or is a
    /// range of every address.
    public init?(_ text: String) {
        var ranges: [Range] = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let range = Self.range(entry) else { return nil }
            ranges.append(range)
        }
        guard !ranges.isEmpty else { return nil }
        self.ranges = ranges
        description = ranges.map { "\($0.network)/\($0.bits)" }.joined(separator: ",")
    }

    /// Whether a connection from `address` is a balancer's (an IPv4 client of a dual-stack
    /// socket, `::ffff:a.b.c.d`, is matched as the IPv4 address).
    func contains(_ address: IPAddress) -> Bool {
        let address = address.unmapped
        return ranges.contains { $0.contains(address) }
    }

    /// The widest ranges taken: a private network's (10.0.0.0/8), a site's IPv6 allocation.
    static let minimumIPv4Bits = 8, minimumIPv6Bits = 32

    private static func range(_ entry: Substring) -> Range? {
        let parts = entry.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let written = IPAddress(parts[0]) else { return nil }
        let address = written.unmapped
        let most = written.bytes.count * 8
        var bits = most
        if parts.count == 2 {
            guard (1...3).contains(parts[1].utf8.count), parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                  let value = Int(parts[1]), (1...most).contains(value) else { return nil }
            bits = value
        }
        // `::ffff:10.0.0.0/104` is 10.0.0.0/8.
        if address != written {
            guard bits > 96 else { return nil }
            bits -= 96
        }
        guard bits >= (address.bytes.count == 4 ? minimumIPv4Bits : minimumIPv6Bits) else { return nil }
        return Range(network: address, bits: bits)
    }
}
