/// The delegate of the game's recognizer graph (spec B9).
///
/// - Every pair may be recognized simultaneously, as in the SceneKit Soma app; exclusivity comes
///   from failure requirements instead.
/// - Swipes receive only touches that begin on a piece, so off a piece they are not members and
///   camera drags do not wait for them.
/// - The reset shake receives only touches that begin off every piece.
/// - The object pan begins only on a piece; its hit test is in `shouldBegin` (not `shouldReceive`)
///   so that off a piece it fails visibly on the first move and releases the camera pan.
public final class GameGestureDelegate: GestureRecognizerDelegate {
    /// Whether a node is a piece (the game may have other hit-testable nodes).
    public var isPiece: (NodeID) -> Bool

    var pieceOnlyReceivers: [ObjectIdentifier] = []
    var emptyOnlyReceivers: [ObjectIdentifier] = []
    var pieceOnlyBeginners: [ObjectIdentifier] = []

    public init(isPiece: @escaping (NodeID) -> Bool = { _ in true }) {
        self.isPiece = isPiece
    }

    private func onPiece(_ node: NodeID?) -> Bool { node.map(isPiece) ?? false }

    public func gestureRecognizer(_ recognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        let id = ObjectIdentifier(recognizer)
        if pieceOnlyReceivers.contains(id) { return onPiece(touch.hit.node) }
        if emptyOnlyReceivers.contains(id) { return !onPiece(touch.hit.node) }
        return true
    }

    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        if pieceOnlyBeginners.contains(ObjectIdentifier(recognizer)) { return onPiece(recognizer.initialHit) }
        return true
    }

    public func gestureRecognizer(_ recognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool { true }
}
