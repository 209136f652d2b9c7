@testable import Game
@testable import Terminal
@testable import App
@testable import soma

extension ScreenProgram {
    /// Handles `event`, then does the background work it asked for (`.perform`: the hall of
    /// fame's reads and writes, the name for watching) as the loop's worker would, handing each
    /// answer back, until none is left; answers every effect that is not such work.
    @discardableResult
    mutating func settle(_ event: ProgramEvent<ScreenAnswer?>, now: Double) -> [ProgramEffect<ScreenAnswer?>] {
        var pending = update(event, now: now)
        var done: [ProgramEffect<ScreenAnswer?>] = []
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            if case .perform(let work) = effect {
                pending += update(.message(work()), now: now)
            } else {
                done.append(effect)
            }
        }
        return done
    }
}
