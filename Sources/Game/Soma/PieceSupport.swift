/// What holds a piece up: the floor, other pieces, or nothing (it floats, as after `PgUp`). The
/// picture alone cannot say a piece floats (an orthographic view has no depth cue), so the
/// bottom line names it for the selected piece, with the way down.
public enum PieceSupport: Hashable, Sendable {
    case floor
    /// Resting on these pieces (their letters, in the order of the piece's cubes; a cube the
    /// figure places in advance counts under its letter).
    case pieces([Character])
    /// No cube rests on anything: the lowest cube is `level` layers above the floor.
    case floating(level: Int)

    /// What holds the piece, as the end of the bottom line's sentence on where it is:
    /// `on the floor`, `resting on L`, `floating: Space drops it`, the drop key named as bound
    /// (`drop`: its name from the key table).
    func phrase(drop: String) -> String {
        switch self {
        case .floor: "on the floor"
        case .pieces(let letters): "resting on " + letters.map(String.init).joined(separator: " and ")
        case .floating: "floating: \(drop) drops it"
        }
    }

    /// The bottom line's words for piece `letter`: `V  level 2, floating: Space drops it`,
    /// `V  resting on the floor`, `V  resting on L`.
    func describe(_ letter: Character, drop: String) -> String {
        switch self {
        case .floor: "\(letter)  resting on the floor"
        case .pieces(let letters):
            "\(letter)  resting on " + letters.map(String.init).joined(separator: " and ")
        case .floating(let level): "\(letter)  level \(level), floating: \(drop) drops it"
        }
    }
}
