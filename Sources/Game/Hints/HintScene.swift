import Polycube

/// Where everything lies when a hint is asked for, as far as putting a piece in goes: who holds
/// each cell (every piece under its letter, in the figure or beside it, the figure's pre-placed
/// cubes as `#`) and the floor. A hint request carries it when pieces are steered a step at a
/// time (`Assist.off`, issue 24): a placement under a roof of other pieces cannot simply be
/// dropped into, so among the ways to finish the hint prefers one the player can put in now.
struct HintScene: Hashable, Sendable {
    var owner: [Cell: Character]
    var floor: Int

    /// True when piece `letter` can be put on `target` now: the cells are free of other pieces,
    /// and nothing lies over them, or (with `slide`, a search) a way in from a side is free.
    func canPut(_ letter: Character, on target: [Cell], slide: Bool) -> Bool {
        HintReach.canPut(letter, on: target, around: owner, floor: floor, slide: slide)
    }
}
