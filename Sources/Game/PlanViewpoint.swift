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

    /// Drag movement toward the next quarter turn of an orbit.
    private var orbitRemainder = 0.0

    /// An orbit drag: every 12 columns sideways turn the view a quarter.
    mutating func orbit(columns: Double, rows _: Double) {
        orbitRemainder += columns
        while orbitRemainder >= 12 { orbit(.left); orbitRemainder -= 12 }
        while orbitRemainder <= -12 { orbit(.right); orbitRemainder += 12 }
    }

    /// The plan view has one scale.
    mutating func zoom(by _: Double) {}

    /// The lattice step a drag of (columns, rows) points along: on the floor plane, the one
    /// whose picture is closest to the drag's direction.
    func worldStep(forScreen columns: Double, _ rows: Double) -> Cell {
        guard columns != 0 || rows != 0 else { return .origin }
        let candidates = [right, Cell.origin - right, up, Cell.origin - up]
        return candidates.max { a, b in
            let sa = screenVector(of: a), sb = screenVector(of: b)
            return sa.columns * columns + sa.rows * rows < sb.columns * columns + sb.rows * rows
        }!
    }

    /// Where a lattice step goes on screen, in (columns, rows): a cell is two columns wide and
    /// one row tall; height does not show from straight above.
    func screenVector(of step: Cell) -> (columns: Double, rows: Double) {
        let r = right, u = up
        return (Double(2 * (step.x * r.x + step.y * r.y)), Double(-(step.x * u.x + step.y * u.y)))
    }
}
