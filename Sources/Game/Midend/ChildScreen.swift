import Scene

/// Something the midend opens over the game screen: help, the figure menu, the hall of fame
/// (with its name prompt), the designer's name prompt. One way in (the midend pushes it) and one way out (it asks the midend
/// with a `ChildRequest`), as TCA scopes a child feature: a new overlay is a new type, never a new
/// branch in the host. While any child is open the game screen gets no input and its clock
/// stands still.
public protocol ChildScreen {
    /// Handles a key; nil: the child stays open and asks for nothing.
    mutating func handle(_ key: GameKey) -> ChildRequest?
    /// Handles a click on a canvas cell with this hit id (a mouse press); nil as for keys.
    mutating func click(_ id: HitID) -> ChildRequest?
    /// True when the child fills the whole screen (the menu): the game is not drawn under it.
    var coversScreen: Bool { get }
    /// Draws the child over `canvas`: the game screen's picture, or a blank canvas when the
    /// child covers the screen.
    func draw(into canvas: inout Canvas)
}

/// What a child screen asks of the midend.
public enum ChildRequest: Hashable, Sendable {
    /// Close this child (the one under it, or the game, gets the input again).
    case close
    /// Close this child and hand the game screen this answer (the name prompt's name).
    case answer(ScreenAnswer)
    /// Close every child and play this figure (the menu's choice).
    case play(FigureMenu.Entry)
    /// Open the hall of fame of this figure over this child; `naming`: with the name prompt.
    case hallOfFame(figure: String, naming: Bool)
    /// Close every child and have this figure made, then play it (the menu's new figures).
    case make(FigureRequest)
    /// Keep this display name for the player (the host does it off the input path), then read
    /// `figure`'s tables again.
    case chooseName(String, figure: String)
}
