/// A whole number with an optional one-letter unit, as the command line gives limits (`90s`,
/// `16M`): what `TimeSpan` and `ByteCount` read. ASCII digits only, no sign, at most 13 of them,
/// so no arithmetic on it can overflow.
enum UnitNumber {
    /// The number and the multiplier of its unit (1 without one); nil for anything else or zero.
    static func read(_ text: String, units: [Character: Int]) -> (value: Int, unit: Int)? {
        var digits = Substring(text)
        var unit = 1
        if let last = text.last, let multiplier = units[last] {
            unit = multiplier
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.count <= 13, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int(digits), value > 0 else { return nil }
        return (value, unit)
    }
}
