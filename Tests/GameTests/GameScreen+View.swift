@testable import Game
import Scene

extension GameScreen {
    /// The screen as a player sees it with no child open: its picture with the top and bottom
    /// lines the midend lays out (`StatusLayout`), before any solve is recorded.
    func view(width: Int, height: Int, now: Double = 0, style: RenderStyle = .blocks256) -> Canvas {
        Midend(screen: self, now: now).view(width: width, height: height, now: now, style: style)
    }
}
