import Scene

/// The help overlay (`?`) as a child screen: the screen's keys as bound, over its picture; any
/// key or click closes it.
struct HelpScreen: ChildScreen {
    let page: HelpPage

    mutating func handle(_ key: GameKey) -> ChildRequest? { .close }
    mutating func click(_ id: HitID) -> ChildRequest? { .close }
    var coversScreen: Bool { false }

    func draw(into canvas: inout Canvas) {
        Panels.help(page.lines, title: page.title,
                    in: Rect(column: 0, row: 1, width: canvas.width, height: canvas.height - 2), into: &canvas)
    }
}
