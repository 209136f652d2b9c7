@testable import Game
import Polycube
import Scene

/// A screen run by its `Midend`, read as the screen itself: `s.game.poses` reads the screen's,
/// while keys and commands go through the midend, which keeps the move list (undo and redo are
/// the midend's since issue 22, so a test that undoes needs one).
@dynamicMemberLookup
struct Played<Screen: GameScreen> {
    var midend: Midend<Screen>

    init(_ screen: Screen) {
        midend = Midend(screen: screen)
    }

    subscript<T>(dynamicMember path: KeyPath<Screen, T>) -> T { midend.screen[keyPath: path] }

    var screen: Screen { midend.screen }

    @discardableResult
    mutating func handle(_ key: GameKey, now: Double = 0) -> [GameEffect] { midend.handle(key, now: now) }

    /// What the director's gestures did.
    @discardableResult
    mutating func flush(_ director: Screen.Director, now: Double) -> [GameEffect] { midend.flush(director, now: now) }

    /// One event of the screen's own making (a command, a pointer report).
    @discardableResult
    mutating func act(now: Double = 0, _ body: (inout Screen) -> [GameEffect]) -> [GameEffect] {
        midend.act(now: now, body)
    }
}

extension Played where Screen == SomaSession {
    init(_ game: SomaGame) { self.init(SomaSession(game: game)) }

    @discardableResult
    mutating func apply(_ command: SomaCommand, now: Double) -> [GameEffect] { act(now: now) { $0.apply(command, now: now) } }

    @discardableResult
    mutating func apply(_ pointer: SomaPointer, now: Double) -> [GameEffect] { act(now: now) { $0.apply(pointer, now: now) } }
}

extension Played where Screen == PentominoSession {
    init(_ game: PentominoGame) { self.init(PentominoSession(game: game)) }

    @discardableResult
    mutating func apply(_ command: PentominoCommand, now: Double) -> [GameEffect] { act(now: now) { $0.apply(command, now: now) } }

    /// Lifts tile `letter`, moves it so that its offset is `offset`, and drops it: three commands.
    mutating func place(_ letter: Character, at offset: Cell, now: Double) {
        apply(.lift(letter), now: now)
        let i = screen.game.tiles.firstIndex { $0.letter == letter }!
        let d = offset - screen.game.poses[i].offset
        apply(.move(dx: d.x, dy: d.y), now: now)
        apply(.drop, now: now)
    }
}

extension Played where Screen == DesignerSession {
    /// The name prompt, while the midend has it open.
    var prompt: NamePrompt? { midend.namePrompt }

    /// The whole screen, the name prompt over the design while it is open.
    func view(width: Int, height: Int) -> Canvas { midend.view(width: width, height: height, now: 0, style: screen.style) }

    /// The outcome of writing a file, as the loop hands it back.
    mutating func fileWritten(_ outcome: DesignFileOutcome) { _ = midend.receive(.wrote(outcome), now: 0) }
}
