import Gestures
import Polycube
import Scene

/// `soma design` as a `GameScreen`. It keeps no progress and plays no figure from the menu;
/// the host autosaves its design through its save hook.
extension DesignerSession: GameScreen {
    public typealias Director = DesignerDirector

    public var facts: ScreenFacts {
        ScreenFacts(figureName: "", help: HelpPage(title: "Designer: keys", lines: keys.help), minimumWidth: 40, minimumHeight: 12)
    }

    public mutating func update(_ event: ScreenEvent, now: Double) -> [GameEffect] {
        switch event {
        case .start: return start()
        case .key(let key): return handle(key)
        case .resize(let width, let height): resize(width: width, height: height)
        case .answer(.count(let result)): apply(result)
        case .answer(.wrote(let outcome)): fileWritten(outcome)
        case .answer(.hint), .answer(.made), .tick, .paused, .solveRecorded: break
        }
        return []
    }

    /// The designer draws in its own `style`, which its hit tests use too; the host's is the same.
    public func view(width: Int, height: Int, now: Double, style: RenderStyle) -> Canvas {
        view(width: width, height: height)
    }

    /// The designer hit-tests its pointer reports itself, against the picture of the camera a
    /// stroke froze; no gesture needs to know what a touch started on.
    public func node(for id: HitID) -> NodeID? { nil }
}

extension DesignerDirector: ScreenDirector {
    public func flush(into screen: inout DesignerSession, width: Int, height: Int, now: Double) -> [GameEffect] {
        flush(into: &screen)
    }
}
