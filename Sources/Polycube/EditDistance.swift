/// How far apart two words are, in edits (Levenshtein, with a swap of two neighbours counted as
/// one edit: `solev`, `bathub`): what "did you mean" answers with, for a mistyped command
/// (`soma solev`) and a mistyped figure name (`soma play bathub`) alike.
public enum EditDistance {
    /// The edits that turn `a` into `b`. Words longer than 64 characters are not compared
    /// (untrusted input: the table grows with the product of the lengths); their distance is
    /// the longer length.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty, a.count <= 64, b.count <= 64 else { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }

    /// The candidate nearest `word` (case ignored), when it is at most two edits away (one for
    /// words of up to four letters, where two edits make most words alike); the first of equals.
    public static func nearest(to word: String, among candidates: [String]) -> String? {
        let limit = word.count <= 4 ? 1 : 2
        let scored = candidates.map { (name: $0, distance: between(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= limit else { return nil }
        return best.name
    }
}
