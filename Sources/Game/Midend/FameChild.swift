import Scene

/// The hall of fame (`t`, and `n` with the name prompt open) as a child screen: it covers what
/// is under it and takes the keys. It opens reading (the midend asks the host with
/// `GameEffect.readFame`), and a chosen name goes to the host as a request
/// (`ChildRequest.chooseName`): nothing here waits on the store.
struct FameChild: ChildScreen {
    var screen: HallOfFameScreen

    mutating func handle(_ key: GameKey) -> ChildRequest? {
        switch screen.handle(key) {
        case nil: return nil
        case .close: return .close
        case .choose(let name): return .chooseName(name, figure: screen.figure)
        }
    }

    mutating func click(_ id: HitID) -> ChildRequest? { nil }
    var coversScreen: Bool { true }

    func draw(into canvas: inout Canvas) {
        canvas = screen.view(width: canvas.width, height: canvas.height)
    }
}
