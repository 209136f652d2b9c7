@testable import Game

extension GameScreen {
    /// The screen as a player sees it after pressing the help key (`?` unless moved): the
    /// midend draws the help over the screen's picture.
    func helpView(width: Int, height: Int, key: GameKey = .character("?")) -> String {
        var midend = Midend(screen: self)
        midend.resize(width: width, height: height, now: 0)
        _ = midend.handle(key, now: 0)
        return midend.view(width: width, height: height, now: 0, style: .blocks256).text
    }
}
