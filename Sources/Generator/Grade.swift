import Solver

/// A difficulty grade from 1 (easy) to 5 (hard), made of measured facts only (no clock): how
/// many distinct solutions there are, how much the solver searched before the first one, and
/// how many of the first move's choices can still lead to a solution.
///
/// The score adds three logarithms (base 2), each a fact a player feels:
/// - `- 1.5 log2(distinct solutions)`: every further solution is another way to succeed (the
///   largest part: a figure of hundreds of solutions falls together whatever the search did);
/// - `+ log2(nodes to the first solution)`: how long a systematic search wanders first;
/// - `+ log2(first placements / live ones)`: how many first moves lead nowhere.
/// The grade cuts the score at fixed points (`cuts`), chosen on the catalog's figures and
/// generated ones so that most catalog figures of over a hundred solutions are a 1, the
/// 240-solution cube among them, and the one-solution Battleship a 3 (its first move has 8
/// choices and 2 lead anywhere, but the search finds the solution at once).
public struct Grade: Hashable, Sendable, Comparable {
    /// 1 to 5.
    public let value: Int
    /// The score the grade cuts (higher is harder).
    public let score: Double

    /// The upper ends of the scores of grades 1 to 4; above the last, grade 5.
    public static let cuts: [Double] = [2, 5, 8, 10]

    public init(count: SolutionCount, effort: SearchEffort) {
        let solutions = Double(max(count.distinct, 1))
        let first = Double(max(effort.nodesToFirst, 1))
        let dead = Double(max(effort.firstPlacements, 1)) / Double(max(effort.liveFirstPlacements, 1))
        let score = Grade.log2(first) + Grade.log2(dead) - 1.5 * Grade.log2(solutions)
        self.score = score
        value = 1 + Grade.cuts.filter { score > $0 }.count
    }

    public static func < (a: Grade, b: Grade) -> Bool { a.score < b.score }

    /// log2 by repeated halving and a short series: no libm in a pure module, and the same bits
    /// on every platform (the grade is part of a published daily figure's file).
    static func log2(_ x: Double) -> Double {
        guard x > 0 else { return 0 }
        var value = x, exponent = 0.0
        while value >= 2 { value /= 2; exponent += 1 }
        while value < 1 { value *= 2; exponent -= 1 }
        // ln(v) for v in [1, 2) by atanh's series: ln v = 2 atanh((v-1)/(v+1)).
        let t = (value - 1) / (value + 1), t2 = t * t
        var term = t, sum = 0.0
        for k in stride(from: 1.0, through: 41, by: 2) { sum += term / k; term *= t2 }
        return exponent + 2 * sum / 0.693_147_180_559_945_3
    }
}
