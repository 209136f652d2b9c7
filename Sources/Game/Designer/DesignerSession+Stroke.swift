import Scene
import Polycube

extension DesignerSession {
    /// A mouse gesture in progress. The camera is frozen while it lasts, so the picture does not
    /// slide under the pointer as cubes are added and the work's centre moves.
    enum Stroke: Sendable {
        /// Adding cubes in the layer `level` across `axis`, last at `last`.
        case paint(axis: Int, level: Int, last: Cell, camera: Camera)
        case erase(camera: Camera)
        /// Orbiting from the last position; `click` is the cell of the drawing plane a release
        /// without moving adds (a primary click on empty space that lands on the plane).
        case orbit(column: Int, row: Int, click: Cell?)
    }
}
