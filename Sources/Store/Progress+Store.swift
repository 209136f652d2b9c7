import Game

/// Inside Store, `Progress` is the game's saved progress (`Game.Progress`), not Foundation's
/// progress reporter of the same name. Renaming the type itself would touch Sources/Game.
typealias Progress = Game.Progress
