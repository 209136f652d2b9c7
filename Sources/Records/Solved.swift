/// The record of a completed figure: how many moves it took and how long, in seconds, and
/// with which assist (`off` for a pentomino board, which has none): records are kept per assist.
public struct Solved: Hashable, Sendable, Codable {
    public var moves: Int
    public var seconds: Double
    public var assist: Assist

    public init(moves: Int, seconds: Double, assist: Assist = .off) {
        self.moves = moves
        self.seconds = seconds
        self.assist = assist
    }
}
