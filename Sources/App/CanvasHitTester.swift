import Gestures
import Scene

/// Hit testing for the gesture manager, read from the picture on screen: the canvas's id buffer
/// at the touched cell says what is there, as the player sees it, and the screen's own mapping
/// (`node`) says which gesture node that is. The terminal knows no game: each screen supplies
/// its mapping.
final class CanvasHitTester: HitTester {
    /// The frame the touch lands on; set by the program before it hands touches to the manager.
    var canvas: Canvas?
    /// The node for what a cell shows (a piece, a tile), or nil for what no gesture acts on.
    var node: (HitID) -> NodeID? = { _ in nil }
    let metrics: CellMetrics

    init(metrics: CellMetrics) {
        self.metrics = metrics
    }

    func hitTest(_ p: GPoint) -> HitResult {
        let (column, row) = metrics.cell(p)
        guard let canvas, canvas.contains(column: column, row: row), let node = node(canvas[column, row].id)
        else { return .root }
        return HitResult(path: [.root], node: node)
    }
}
