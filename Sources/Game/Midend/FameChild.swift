import Scene

/// The hall of fame (`t`, and `n` with the name prompt open) as a child screen: it covers what
/// is under it and takes the keys; a chosen name goes to the board (the store), and the tables
/// are read again with it.
struct FameChild: ChildScreen {
    var screen: HallOfFameScreen
    let board: FameBoard

    mutating func handle(_ key: GameKey) -> ChildRequest? {
        switch screen.handle(key) {
        case nil: return nil
        case .close: return .close
        case .choose(let name):
            screen.named(board.chooseName(name), tables: board.everyAssist(screen.figure))
            return nil
        }
    }

    mutating func click(_ id: HitID) -> ChildRequest? { nil }
    var coversScreen: Bool { true }

    func draw(into canvas: inout Canvas) {
        canvas = screen.view(width: canvas.width, height: canvas.height)
    }
}
