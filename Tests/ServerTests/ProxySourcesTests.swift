import Testing
@testable import Server

/// `--proxy-from`: which connections' PROXY headers are believed (the balancers' addresses and
/// ranges), and what the option refuses.
@Suite struct ProxySourcesTests {
    static func address(_ text: String) -> IPAddress { IPAddress(text)! }

    @Test func addressesAndRanges() {
        let sources = ProxySources("10.0.0.5,10.0.1.0/24,fd00:1::/32,192.0.2.128/25")
        #expect(sources?.description == "10.0.0.5/32,10.0.1.0/24,fd00:1::/32,192.0.2.128/25")
        // An IPv4 client of a dual-stack socket is matched as its IPv4 address.
        for address in ["10.0.0.5", "10.0.1.0", "10.0.1.255", "fd00:1:ffff::9", "192.0.2.200", "::ffff:10.0.0.5"] {
            #expect(sources?.contains(Self.address(address)) == true, "\(address)")
        }
        for address in ["10.0.0.6", "10.0.2.1", "fd00:2::1", "192.0.2.127", "::1", "10.0.0.4"] {
            #expect(sources?.contains(Self.address(address)) == false, "\(address)")
        }
        #expect(ProxySources("::ffff:10.0.0.0/104")?.contains(Self.address("10.200.0.1")) == true)
        #expect(ProxySources("127.0.0.1")?.contains(Self.address("127.0.0.2")) == false)
    }

    @Test func refusedLists() {
        for bad in ["", ",", "10.0.0.5,", "0.0.0.0/0", "::/0", "10.0.0.0/33", "fd00::/129", "10.0.0.0/", "10.0.0.0/8/8",
                    "10.0.0.0/-8", "10.0.0.0/+8", "host.example", "10.0.0.5 ", "10.0.0", "10.0.0.5.1", "::ffff:10.0.0.0/64",
                    "fe80::1%eth0", "[::1]", "10.0.0.5:22",
                    // Issue 36: /1 was taken while /0 was refused; wider than /8 or /32 is refused.
                    "127.0.0.0/1", "0.0.0.0/7", "::ffff:0.0.0.0/100", "2000::/3", "fd00::/31"] {
            #expect(ProxySources(bad) == nil, "\(bad)")
        }
        #expect(ProxySources("10.0.0.0/8,fd00:1::/32,::ffff:10.0.0.0/104") != nil)
    }

    @Test func addressText() {
        #expect(Self.address("2001:0db8:0:0::7").description == "2001:db8::7")
        #expect(Self.address("::ffff:192.0.2.7").unmapped.description == "192.0.2.7")
        #expect(Self.address("192.0.2.7").bytes == [192, 0, 2, 7])
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
        #expect(IPAddress("01.2.3.4") == nil && IPAddress("1.2.3.4 ") == nil && IPAddress(String(repeating: "1", count: 50)) == nil)
    }
}
