import Gestures
import Polycube
import Scene

/// `soma design` as a `GameScreen`. It keeps no progress and plays no figure from the menu;
/// the host autosaves its design through its save hook.
extension DesignerSession: GameScreen {
    public typealias Director = DesignerDirector
    /// Undo brings back the design (the view and the drawing plane stay).
    public typealias Position = Design

    public var facts: ScreenFacts {
        ScreenFacts(figureName: "", help: HelpPage(title: "Designer: keys", lines: keys.help, keys: common),
                    minimumSize: ScreenFacts.Size(width: 40, height: 12), status: status)
    }

    public var position: Design { design }

    public mutating func update(_ event: ScreenEvent<Design>, now: Double) -> [GameEffect] {
        switch event {
        case .start: return start()
        case .key(let key): return handle(key)
        case .resize(let width, let height): resize(width: width, height: height)
        case .answer(.count(let result)): apply(result)
        case .answer(.wrote(let outcome)): return fileWritten(outcome)
        case .answer(.named(let name, let format)): return named(name, format: format)
        case .undone(let design), .redone(let design): return restore(design)
        case .answer, .tick, .reset: break
        }
        return []
    }

    /// The designer draws in its own `style`, which its hit tests use too; the host's is the same
    /// but for the theme, which follows the terminal's background once it answers (colours only:
    /// no hit test depends on it).
    public func view(width: Int, height: Int, now: Double, style: RenderStyle, lit: Set<Int>?) -> Canvas {
        guard style.theme != self.style.theme else { return picture(width: width, height: height) }
        var themed = self
        themed.style.theme = style.theme
        return themed.picture(width: width, height: height)
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
