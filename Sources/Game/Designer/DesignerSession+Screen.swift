import Gestures
import Polycube
import Scene

/// `soma design` as a `GameScreen`. It keeps no progress and plays no figure from the menu;
/// the host autosaves its design through its save hook.
extension DesignerSession: GameScreen {
    public static var minimumSize: (width: Int, height: Int) { (40, 12) }

    public mutating func handle(_ key: GameKey, now: Double) -> [GameEffect] { handle(key) }

    public mutating func receive(_ answer: ScreenAnswer, now: Double) -> [GameEffect] {
        switch answer {
        case .count(let result): apply(result)
        case .wrote(let outcome): fileWritten(outcome)
        case .hint: break
        }
        return []
    }

    /// The designer draws in its own `style`, which its hit tests use too; the host's is the same.
    public func view(width: Int, height: Int, now: Double, style: RenderStyle) -> Canvas {
        view(width: width, height: height)
    }

    public static func makeDirector(manager: GestureManager) -> DesignerDirector {
        DesignerDirector(manager: manager)
    }

    public mutating func flush(_ director: DesignerDirector, width: Int, height: Int, now: Double) -> [GameEffect] {
        director.flush(into: &self)
    }

    /// The keys the player moved stay moved (the designer opens no other figure today, but a
    /// host that replaces the screen keeps them).
    public mutating func keepSettings(of previous: DesignerSession) {
        keys = previous.keys
    }

    /// The designer hit-tests its pointer reports itself, against the picture of the camera a
    /// stroke froze; no gesture needs to know what a touch started on.
    public func node(for id: HitID) -> NodeID? { nil }
}
