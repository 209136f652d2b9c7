import Polycube

/// The stand-in view until the 3D camera is wired in: the scene seen from straight above,
/// turned by quarter turns. It answers the questions the session asks of any view: which
/// lattice step is "right" or "up" on screen, which axis a swipe or a spin turns about.
public struct PlanViewpoint: Hashable, Sendable {
    /// Quarter turns of the view about the vertical, counter-clockwise.
    public private(set) var turns = 0

    public init() {}

    /// The lattice step drawn pointing right, and the one drawn pointing up.
    var right: Cell { Axis.z.rotation(quarterTurns: turns).apply(Cell(1, 0, 0)) }
    var up: Cell { Axis.z.rotation(quarterTurns: turns).apply(Cell(0, 1, 0)) }

    func latticeStep(for step: SomaKeyMap.ScreenStep) -> Cell {
        switch step {
        case .right: right
        case .left: Cell.origin - right
        case .up: up
        case .down: Cell.origin - up
        }
    }

    /// The turn a swipe asks for: about the screen's vertical for a sideways swipe, about its
    /// horizontal for an up or down one, so the piece's top goes the way the finger went.
    func tumble(for step: SomaKeyMap.ScreenStep) -> (Axis, Int) {
        switch step {
        case .right: Axis.signed(up)
        case .left: Axis.signed(Cell.origin - up)
        case .down: Axis.signed(right)
        case .up: Axis.signed(Cell.origin - right)
        }
    }

    /// The turn about the line of sight (counter-clockwise as seen): from above, about +z.
    var spin: (Axis, Int) { (.z, 1) }

    mutating func orbit(_ step: SomaKeyMap.ScreenStep) {
        switch step {
        case .left: turns = (turns + 1) % 4
        case .right: turns = (turns + 3) % 4
        case .up, .down: break
        }
    }

    mutating func zoom(in _: Bool) {}
}
