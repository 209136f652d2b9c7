/// The best results on one figure.
struct FigureRecord: Codable, Hashable, Sendable {
    var timesSolved: Int
    var bestSeconds: Double
    var fewestMoves: Int
}
