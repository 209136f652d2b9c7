/// The best results on one figure.
public struct FigureRecord: Codable, Hashable, Sendable {
    public var timesSolved: Int
    public var bestSeconds: Double
    public var fewestMoves: Int

    public init(timesSolved: Int, bestSeconds: Double, fewestMoves: Int) {
        self.timesSolved = timesSolved
        self.bestSeconds = bestSeconds
        self.fewestMoves = fewestMoves
    }
}
