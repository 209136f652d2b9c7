/// The records the game saves into and resumes from (`Progress`, `Solved`, `Assist`, the hall of
/// fame's tables) are a module below the game, which the stores use without the game. They are
/// part of the game's own public face (a screen's `save` answers a `Progress`, a game is played
/// with an `Assist`), so whoever imports `Game` sees them too, as NIO's modules re-export
/// `NIOCore`.
@_exported import Records
