import Scene

/// The keys that move the camera, alike in the Soma game and the designer: Shift-arrows orbit,
/// `+` and `-` zoom (`=` and `_` too, for keyboards where `+` needs Shift), `0` or Home puts the
/// view back. One set of lines for both key tables, so the two screens cannot drift apart.
enum ViewKey: Hashable, Sendable {
    case orbit(ScreenDirection)
    case zoom(in: Bool)
    case reset

    /// Their lines in a screen's key table, each action wrapped as that screen's.
    static func lines<Action>(_ wrap: (ViewKey) -> Action) -> [KeyTable<Action>.Line] {
        [
            .keys("Shift-arrows", [(.shiftUp, wrap(.orbit(.up))), (.shiftDown, wrap(.orbit(.down))),
                                   (.shiftLeft, wrap(.orbit(.left))), (.shiftRight, wrap(.orbit(.right)))],
                  "orbit the view"),
            .keys("+=/-_", [(.character("+"), wrap(.zoom(in: true))), (.character("="), wrap(.zoom(in: true))),
                            (.character("-"), wrap(.zoom(in: false))), (.character("_"), wrap(.zoom(in: false)))],
                  "zoom in/out"),
            .keys("0/Home", [.character("0"), .home], wrap(.reset), "reset the view"),
        ]
    }
}
