/// A number of bytes given on the command line: `65536`, `64K`, `16M`, `1G` (powers of 1024).
public struct ByteCount: Sendable, Equatable, CustomStringConvertible {
    public var bytes: Int

    public init(bytes: Int) {
        self.bytes = bytes
    }

    /// Reads a whole number with an optional unit (K, M, G); nil for anything else, zero, or
    /// more than 1 TiB.
    public init?(_ text: String) {
        guard let (value, unit) = UnitNumber.read(text, units: ["K": 1 << 10, "k": 1 << 10, "M": 1 << 20, "m": 1 << 20, "G": 1 << 30, "g": 1 << 30]),
              value <= (1 << 40) / unit else { return nil }
        self.init(bytes: value * unit)
    }

    /// `16M`, `64K`, or the bytes, whichever is exact.
    static func describe(_ bytes: Int) -> String {
        for (shift, unit) in [(30, "G"), (20, "M"), (10, "K")] where bytes > 0 && bytes & ((1 << shift) - 1) == 0 {
            return "\(bytes >> shift)\(unit)"
        }
        return "\(bytes) bytes"
    }

    /// As it would be typed: `16M`, or the bytes.
    public var description: String {
        let text = Self.describe(bytes)
        return text.hasSuffix(" bytes") ? String(bytes) : text
    }
}
