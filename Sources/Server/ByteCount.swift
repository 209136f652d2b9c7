/// A number of bytes given on the command line: `65536`, `64K`, `16M`, `1G` (powers of 1024).
public struct ByteCount: Sendable, Equatable {
    public var bytes: Int

    public init(bytes: Int) {
        self.bytes = bytes
    }

    /// Reads a whole number with an optional unit (K, M, G); nil for anything else, zero, or
    /// more than 1 TiB.
    public init?(_ text: String) {
        var digits = Substring(text)
        var shift = 0
        switch text.last {
        case "K", "k": shift = 10; digits = digits.dropLast()
        case "M", "m": shift = 20; digits = digits.dropLast()
        case "G", "g": shift = 30; digits = digits.dropLast()
        default: break
        }
        guard !digits.isEmpty, digits.count <= 13, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(digits), value > 0, value <= (1 << 40) >> shift else { return nil }
        self.init(bytes: value << shift)
    }

    /// `16M`, `64K`, or the bytes, whichever is exact.
    static func describe(_ bytes: Int) -> String {
        for (shift, unit) in [(30, "G"), (20, "M"), (10, "K")] where bytes > 0 && bytes & ((1 << shift) - 1) == 0 {
            return "\(bytes >> shift)\(unit)"
        }
        return "\(bytes) bytes"
    }
}
