import Scene
import Polycube

extension DesignerSession {
    /// A mouse gesture in progress. The camera is frozen while it lasts, so the picture does not
    /// slide under the pointer as cubes are added and the work's centre moves.
    ///
    /// Recognition is the gesture pipeline's (`StrokeGestureRecognizer`, `DesignerDirector`);
    /// this state stays in the session rather than in the director or the recognizer because:
    /// - It is drawn. While a stroke lasts, `view` draws with the camera the stroke froze
    ///   (`camera`). A screen's view is a function of the screen value alone (`GameScreen`), so
    ///   a camera kept in the director would not be seen: the picture would refit after every cube
    ///   and slide under the pointer, a change the player sees.
    /// - It is the design's, not the pointer's. A paint stroke's layer (`axis`, `level`) and
    ///   first cell come from the face hit at the press on the session's own picture, and every
    ///   drag is projected onto that layer with the frozen camera; erasing hit-tests that picture
    ///   too. The director knows screen cells only. Undo also needs the stroke: a stroke is one
    ///   undo step (`strokeRecorded`).
    /// - A cube appears at the press. The stroke recognizer begins at touch-down (no slop, no
    ///   waiting for a tap to fail), so the session acts at `.began`; the recognizers that could
    ///   carry the rest (a pan's translation for `orbit`, a tap for `orbit`'s `click`) begin only
    ///   after the slop or end at the release.
    /// What could move: `orbit`'s last position and click, by splitting the stroke by what is
    /// under the press (the stroke recognizer on the design's faces as nodes, a pan and a tap on
    /// empty space); that is a new recognizer graph for the designer, not done yet.
    enum Stroke: Sendable {
        /// Adding cubes in the layer `level` across `axis`, last at `last`.
        case paint(axis: Axis, level: Int, last: Cell, camera: Camera)
        case erase(camera: Camera)
        /// Orbiting from the last position; `click` is the cell of the drawing plane a release
        /// without moving adds (a primary click on empty space that lands on the plane).
        case orbit(column: Int, row: Int, click: Cell?)
    }
}
