/// The record of a completed figure: how many moves it took and how long, in seconds, with which
/// assist (`off` for a pentomino board, which has none) and how many hints the player took:
/// records are kept per assist, and a solve that took hints or had its fits judged is kept
/// under `solvable` (help that knows, `rankedAssist`), apart from the plain ones.
public struct Solved: Hashable, Sendable, Codable {
    public var moves: Int
    public var seconds: Double
    public var assist: Assist
    /// Hints the player took on the way (0: none); not part of the record's key.
    public var hints: Int

    public init(moves: Int, seconds: Double, assist: Assist = .off, hints: Int = 0) {
        self.moves = moves
        self.seconds = seconds
        self.assist = assist
        self.hints = hints
    }

    enum CodingKeys: String, CodingKey { case moves, seconds, assist, hints }

    /// Reads a solve saved before hints were counted as one without hints.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        moves = try c.decode(Int.self, forKey: .moves)
        seconds = try c.decode(Double.self, forKey: .seconds)
        assist = try c.decode(Assist.self, forKey: .assist)
        hints = try c.decodeIfPresent(Int.self, forKey: .hints) ?? 0
    }

    /// The assist the solve is ranked under: a hint is help that knows, as judging is, so a solve
    /// that took one ranks with the judged ones (`solvable`), apart from the plain ones.
    public var rankedAssist: Assist { hints > 0 ? .solvable : assist }

    /// How the solve was made, as the solved line says it: `unaided`, `judged fits`, `2 hints`,
    /// `judged fits, 1 hint`; nil for a plain solve without the assist (a pentomino board, a
    /// piece steered step by step), where there was no help to speak of.
    public var how: String? {
        var parts: [String] = []
        if assist == .solvable { parts.append("judged fits") }
        if hints > 0 { parts.append(hints == 1 ? "1 hint" : "\(hints) hints") }
        if parts.isEmpty { return assist == .off ? nil : "unaided" }
        return parts.joined(separator: ", ")
    }
}
