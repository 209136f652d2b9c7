/// A small deterministic random number generator (SplitMix64), so that a seed gives the same
/// start position, the same generated figure, the same daily figure on every machine and in
/// every test; no module touches global randomness. In Polycube, the module every pure module
/// imports, so that the game and the figure generator share one.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number below `bound` (at least 1) by Lemire's multiply-shift, spelled out rather than
    /// `Int.random(in:using:)`: the standard library does not promise the same numbers from
    /// the same generator across versions, and generated figures must never change.
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }
}
