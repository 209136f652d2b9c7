/// The figure menu's keys as a table (`KeyTable`), as a game screen's are: the menu looks keys
/// up here and its top and bottom lines name them from here, never by hand.
extension FigureMenu {
    enum Action: Hashable, Sendable {
        case up, down, pageUp, pageDown
        /// The first entry (the new figures, at the top of `soma play`'s menu) or the last.
        case first, last
        /// The first entry of the next (or the previous) section.
        case section(forward: Bool)
        case choose, close
        /// The hall of fame of the entry under the cursor; `naming`: with the name prompt.
        case fame(naming: Bool)
    }

    static let keys = KeyTable<Action>([
        .keys("Up/Down", [(.up, .up), (.down, .down), (.character("k"), .up), (.character("j"), .down)], "choose"),
        .keys("Tab/S-Tab", [(.tab, .section(forward: true)), (.backTab, .section(forward: false))], "next/previous section"),
        .keys("Home/End", [(.home, .first), (.end, .last)], "first/last"),
        .keys("PgUp/PgDn", [(.pageUp, .pageUp), (.pageDown, .pageDown)], "ten up/down"),
        .keys("Enter/Space", [.enter, .character(" ")], .choose, "play"),
        .keys("t", [.character("t")], .fame(naming: false), "hall of fame"),
        .keys("n", [.character("n")], .fame(naming: true), "choose your name"),
        .keys("Esc/m/q", [.escape, .character("m"), .character("q")], .close, "back"),
    ])

    /// The top line's keys: `Enter: play  Esc: back`.
    var topKeys: String {
        "\(Self.keys.keyName(for: .choose)): play  \(Self.keys.keyName(for: .close)): back"
    }

    /// The bottom line's reminders, the most needed first (the line keeps what fits): the
    /// cursor starts on the figure being played, so the way to the top (the new figures) and
    /// to the next section is said beside the way to choose; the hall of fame before the
    /// section key, so an 80-column line keeps the way to it.
    var reminders: String {
        let top = entries.first.map { "\(Self.keys.keyName(for: .first)): \($0.section.lowercased())" }
        return ([Self.keys.reminder(.choose, "play").line, Self.keys.reminder([.up, .down], "choose").line] + [top].compactMap { $0 }
            + [Self.keys.reminder(.fame(naming: false), "hall of fame").line,
               Self.keys.reminder(.section(forward: true), "next section").line, Self.keys.reminder(.close, "back").line])
            .joined(separator: "   ")
    }

    /// The index of the first entry of the section after (or before) the cursor's, round.
    func sectionStart(forward: Bool) -> Int {
        let starts = entries.indices.filter { $0 == 0 || entries[$0].section != entries[$0 - 1].section }
        guard !starts.isEmpty else { return cursor }
        if forward { return starts.first { $0 > cursor } ?? starts[0] }
        // Back: to the start of this section, or from there to the previous one's.
        return starts.last { $0 < cursor } ?? starts[starts.count - 1]
    }
}
