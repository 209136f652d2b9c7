import Scene

/// The help overlay (`?`) as a child screen: the screen's keys as bound, over its picture; any
/// key or click closes it.
struct HelpScreen: ChildScreen {
    let page: HelpPage

    mutating func handle(_ key: GameKey) -> ChildRequest? { .close }
    mutating func click(_ id: HitID) -> ChildRequest? { .close }
    var coversScreen: Bool { false }

    func draw(into canvas: inout Canvas) {
        let area = Rect(column: 0, row: 1, width: canvas.width, height: canvas.height - 2)
        Panels.box(title: page.title, lines: Self.lines(page, width: area.width - 4, height: area.height - 6)
                       + ["", "any key closes this help"],
                   in: area, into: &canvas)
    }

    /// The heading of the common keys' section.
    static let commonHeading = "in every screen:"

    /// The help's rows for a box `width` columns wide inside, `height` rows meant for keys: the
    /// screen's own keys in columns (`Panels.helpLines`), then the common keys under their
    /// heading, packed side by side (seven short entries in two rows, where a column each
    /// would cost the 80x24 screen the rows it does not have).
    static func lines(_ page: HelpPage, width: Int, height: Int) -> [String] {
        let common = packed(page.common, width: width)
        let own = Panels.helpLines(page.lines, width: width, height: height - (common.isEmpty ? 0 : common.count + 1))
        return common.isEmpty ? own : own + [commonHeading] + common
    }

    /// `entries` as `keys  text` three spaces apart, as many to a row as fit in `width` (an
    /// entry wider than that alone on its row, cut at the box's edge).
    static func packed(_ entries: [HelpLine], width: Int) -> [String] {
        var rows: [String] = []
        for entry in entries.map({ $0.keys + "  " + $0.text }) {
            if let last = rows.last, last.count + 3 + entry.count <= width {
                rows[rows.count - 1] = last + "   " + entry
            } else {
                rows.append(entry)
            }
        }
        return rows
    }
}
