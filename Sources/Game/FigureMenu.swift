import Polycube
import Scene

/// The figure menu (`m`): the catalog grouped by kind, each entry with its size and the
/// player's record on it, and a cursor. A value like the games: keys and clicks go in, the
/// choice comes out, and `view` draws it.
public struct FigureMenu: Sendable, Equatable {
    public let entries: [CatalogEntry]
    /// The entry under the cursor.
    public private(set) var cursor: Int
    private let records: [String: FigureRecord]

    /// What the menu ended with.
    public enum Outcome: Hashable, Sendable {
        case chosen(CatalogEntry)
        case cancelled
    }

    /// A menu of `entries` (the built-in catalog by default), with the cursor on `current` (a
    /// command-line name) and records from `progress`.
    public init(entries: [CatalogEntry] = Catalog.figures, progress: Progress = Progress(), current: String? = nil) {
        self.entries = entries
        self.records = progress.records
        cursor = entries.firstIndex { $0.name == current } ?? 0
    }

    /// Handles a key: arrows, PgUp/PgDn and Home move, Enter or Space chooses, Esc, `m` or `q`
    /// close the menu.
    public mutating func handle(_ key: GameKey) -> Outcome? {
        guard !entries.isEmpty else { return .cancelled }
        switch key {
        case .up, .character("k"): cursor = max(0, cursor - 1)
        case .down, .character("j"): cursor = min(entries.count - 1, cursor + 1)
        case .pageUp: cursor = max(0, cursor - 10)
        case .pageDown: cursor = min(entries.count - 1, cursor + 10)
        case .home: cursor = 0
        case .enter, .character(" "): return .chosen(entries[cursor])
        case .escape, .character("m"), .character("q"): return .cancelled
        default: break
        }
        return nil
    }

    /// A click on the canvas cell with this id: an entry line chooses that entry.
    public mutating func click(_ id: HitID) -> Outcome? {
        guard case .control(let index) = id, entries.indices.contains(index) else { return nil }
        cursor = index
        return .chosen(entries[index])
    }

    /// The lines of the menu: a heading per kind, then its entries (with their index).
    private var lines: [(text: String, entry: Int?)] {
        var result: [(String, Int?)] = []
        var kind: CatalogEntry.Kind?
        let nameWidth = entries.map(\.name.count).max() ?? 0
        for (i, entry) in entries.enumerated() {
            if entry.kind != kind {
                if kind != nil { result.append(("", nil)) }
                kind = entry.kind
                result.append((entry.kind.title, nil))
            }
            var text = "  " + entry.name.padded(to: nameWidth) + "  " + "\(entry.cellCount) cells".padded(to: 10)
            if let record = records[entry.figure.name], record.timesSolved > 0 {
                text += "  solved, best \(Panels.clock(record.bestSeconds)) in \(record.fewestMoves) moves"
            }
            result.append((text, i))
        }
        return result
    }

    /// The menu for a screen of `width` x `height`, scrolled so the cursor is visible. Entry
    /// lines carry `.control(index)` ids for clicks.
    public func view(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        Panels.statusLine(["Figures"], trailing: "Enter: play  Esc: back", width: width, row: 0, into: &canvas)
        let all = lines
        let visible = max(1, height - 2)
        let cursorLine = all.firstIndex { $0.entry == cursor } ?? 0
        let first = min(max(0, cursorLine - visible / 2), max(0, all.count - visible))
        for (k, line) in all.dropFirst(first).prefix(visible).enumerated() {
            let row = 1 + k
            guard let index = line.entry else {
                canvas.put(" " + line.text, column: 0, row: row, style: Panels.frameStyle)
                continue
            }
            let selected = index == cursor
            let text = (selected ? ">" : " ") + line.text
            canvas.put(text.padded(to: width), column: 0, row: row, style: TextStyle(reverse: selected),
                       id: .control(index))
        }
        return canvas
    }
}
