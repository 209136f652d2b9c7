/// The address the per-address limits count: an IPv4 address as it is, an IPv6 address by its
/// /64 prefix (one customer's network: a host there has 2^64 addresses to pick from, so
/// counting single IPv6 addresses would make every limit free).
enum AddressGroup {
    static func key(_ ip: String) -> String {
        guard ip.contains(":") else { return ip }
        // IPv4-mapped (::ffff:1.2.3.4) is the IPv4 address.
        if let last = ip.split(separator: ":").last, last.contains(".") { return String(last) }
        let halves = ip.split(separator: "::", maxSplits: 1, omittingEmptySubsequences: false).map {
            $0.split(separator: ":", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        }
        var groups: [Substring]
        if halves.count == 2 {
            let missing = max(0, 8 - halves[0].count - halves[1].count)
            groups = halves[0] + Array(repeating: "0", count: missing) + halves[1]
        } else {
            groups = halves[0]
        }
        let prefix = groups.prefix(4).map { group -> String in
            let trimmed = group.drop { $0 == "0" }
            return trimmed.isEmpty ? "0" : trimmed.lowercased()
        }
        return prefix.joined(separator: ":") + "::/64"
    }
}
