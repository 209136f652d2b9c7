/// Which piece a select command means: the player names pieces in several ways (Tab order, the
/// number 1-7 printed in the legend, Piet Hein's letter, or by clicking it).
enum PieceSelector: Hashable, Sendable {
    case next
    case previous
    /// 1-based, as shown in the legend.
    case number(Int)
    case letter(Character)
    /// The piece's index in `SomaGame.pieces`, as a hit test reports it.
    case index(Int)
    /// Deselect.
    case none
}
