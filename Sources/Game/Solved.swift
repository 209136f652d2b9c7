/// The record of a completed figure: how many moves it took and how long, in seconds.
public struct Solved: Hashable, Sendable, Codable {
    var moves: Int
    var seconds: Double

    init(moves: Int, seconds: Double) {
        self.moves = moves
        self.seconds = seconds
    }
}
