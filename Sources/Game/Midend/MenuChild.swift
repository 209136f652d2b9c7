import Scene

/// The figure menu (`m`) as a child screen: it covers the game; Enter or a click plays the
/// highlighted figure, `t`/`n` open its hall of fame over the menu, Esc closes it.
struct MenuChild: ChildScreen {
    var menu: FigureMenu

    mutating func handle(_ key: GameKey) -> ChildRequest? { request(for: menu.handle(key)) }
    mutating func click(_ id: HitID) -> ChildRequest? { request(for: menu.click(id)) }
    var coversScreen: Bool { true }

    func draw(into canvas: inout Canvas) {
        canvas = menu.view(width: canvas.width, height: canvas.height)
    }

    private func request(for outcome: FigureMenu.Outcome?) -> ChildRequest? {
        switch outcome {
        case nil: nil
        case .cancelled: .close
        case .chosen(let entry): .play(entry)
        case .make(let request): .make(request)
        case .hallOfFame(let entry, let naming): entry.figure.map { .hallOfFame(figure: $0.name, naming: naming) }
        }
    }
}
