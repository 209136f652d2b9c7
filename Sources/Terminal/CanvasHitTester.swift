import Game
import Gestures
import Scene

/// Hit testing for the gesture manager, read from the picture on screen: the canvas's id buffer
/// at the touched cell says which piece (if any) is there, as the player sees it.
final class CanvasHitTester: HitTester {
    /// The frame the touch lands on; set by the program before it hands touches to the manager.
    var canvas: Canvas?
    let metrics: CellMetrics

    init(metrics: CellMetrics) {
        self.metrics = metrics
    }

    func hitTest(_ p: GPoint) -> HitResult {
        let (column, row) = metrics.cell(p)
        guard let canvas, canvas.contains(column: column, row: row),
              let node = SomaDirector.node(for: canvas[column, row].id)
        else { return .root }
        return HitResult(path: [.root], node: node)
    }
}
