import Polycube
import Scene

/// The figure menu (`m`): figures grouped in sections (the built-in catalog, the player's own
/// figure files), each with its size and the player's record on it, and a cursor. A value like
/// the games: keys and clicks go in, the choice comes out, and `view` draws it. Reading the
/// player's folder happens at the edge (the executable); files that could not be read come in
/// as entries with their problem, listed but not playable.
public struct FigureMenu: Sendable, Equatable {
    /// One line of the menu: a figure to play, or a file that could not be read.
    public struct Entry: Hashable, Sendable {
        /// The command-line name (`cube`) or the file's name.
        let name: String
        /// The heading it is listed under.
        let section: String
        /// The figure to play; nil for a request or a file with a problem. A catalog entry of the
        /// play menu parses its file when asked (`catalog(_:)`); the menu asks once per opening.
        public var figure: Figure? {
            switch source {
            case .given(let figure): figure
            case .catalog(let name): try? Catalog.figure(named: name)
            }
        }
        /// Where `figure` comes from.
        private let source: Source
        /// Why the file could not be read (nil for a playable figure).
        let problem: String?
        /// A figure to be made when chosen (today's, a new one), instead of a figure listed.
        public let request: FigureRequest?
        /// The name the figure `request` makes is played and kept under, when it is known before
        /// it is made (today's pentomino puzzle: `daily pento YYYY-MM-DD`): the entry then says
        /// whether the player solved or started it, as a figure's entry does.
        let keptAs: String?

        /// The figure itself, or the command-line name of a catalog figure not parsed yet: a
        /// login's start-up need not parse the twenty menu figures it does not show (issue 35).
        private enum Source: Sendable {
            case given(Figure?)
            case catalog(String)
        }

        public init(name: String, section: String, figure: Figure) {
            self.name = name
            self.section = section
            source = .given(figure)
            problem = nil
            request = nil
            keptAs = nil
        }

        public init(name: String, section: String, problem: String) {
            self.name = name
            self.section = section
            source = .given(nil)
            self.problem = problem
            request = nil
            keptAs = nil
        }

        /// A figure to be made when chosen, under its request's section (the new figures, the
        /// daily puzzle); `keptAs`: the name it will be kept under, when known.
        public init(_ request: FigureRequest, keptAs: String? = nil) {
            name = request.title
            section = request.section
            source = .given(nil)
            problem = nil
            self.request = request
            self.keptAs = keptAs
        }

        /// A figure of the built-in catalog, under its kind's title.
        public init(_ entry: CatalogEntry) {
            self.init(name: entry.name, section: entry.kind.title, figure: entry.figure)
        }

        /// The catalog figure with this command-line name, of `kind`, parsed when asked for.
        init(catalogName name: String, kind: CatalogEntry.Kind) {
            self.name = name
            section = kind.title
            source = .catalog(name)
            problem = nil
            request = nil
            keptAs = nil
        }

        /// The entry with its figure parsed: what the menu lists while it is open.
        var resolved: Entry {
            guard case .catalog = source, let figure else { return self }
            return Entry(name: name, section: section, figure: figure)
        }

        /// Whether this is a figure of a flat board (`Figure.isBoard`). Only a catalog figure
        /// of the boards' kind is parsed to tell: no other kind is flat.
        var isBoard: Bool {
            if case .catalog = source, section != CatalogEntry.Kind.board.title { return false }
            return figure?.isBoard ?? false
        }

        /// Equal when they list the same thing: a catalog entry not parsed yet equals the one
        /// made from its parsed figure.
        public static func == (a: Entry, b: Entry) -> Bool {
            a.name == b.name && a.section == b.section && a.problem == b.problem && a.request == b.request
                && a.keptAs == b.keptAs && a.figure == b.figure
        }

        /// The figure is left out: equal entries still hash alike, and hashing parses nothing.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(name)
            hasher.combine(section)
            hasher.combine(problem)
            hasher.combine(request)
            hasher.combine(keptAs)
        }
    }

    public let entries: [Entry]
    /// The heading on the status line: what the entries are ("Figures", "Boards").
    let title: String
    /// The entry under the cursor.
    private(set) var cursor: Int
    /// The name of the figure being played, if any.
    private let current: String?
    private let records: [String: FigureRecord]
    /// The figures solved only with help that knows (judged fits or hints: `Assist.solvable`).
    private let helpedOnly: Set<String>
    /// The figures with a saved position: started, not finished.
    private let started: [String: SavedPosition]

    /// What the menu ended with.
    public enum Outcome: Hashable, Sendable {
        case chosen(Entry)
        case cancelled
        /// Show the hall of fame of this figure (`t`); `naming`: with the name prompt open (`n`).
        case hallOfFame(Entry, naming: Bool)
        /// Make this figure and play it (an entry of the new figures).
        case make(FigureRequest)
    }

    /// The entries of figures to be made: today's, and a new one per grade.
    public static var newFigures: [Entry] { FigureRequest.all.map { Entry($0) } }

    /// The board menu of `soma pento`: today's pentomino puzzle first (of `day`, YYYY-MM-DD,
    /// kept under `keptAs`; both from the executable, which owns the clock and the daily rule),
    /// then the catalog's boards.
    public static func boards(today day: String, keptAs name: String) -> [Entry] {
        [Entry(.todaysPuzzle(day: day), keptAs: name)] + catalog(.board)
    }

    /// The built-in figures of one kind (the Soma figures for `soma play`), each parsed only
    /// when asked for (issue 35: a login's start-up lists them and shows none).
    public static func catalog(_ kind: CatalogEntry.Kind) -> [Entry] {
        Catalog.names(of: kind).map { Entry(catalogName: $0, kind: kind) }
    }

    /// A menu of `entries` (the whole built-in catalog by default), with the cursor on `current`
    /// (a command-line name or a figure's name) and records from `progress`.
    public init(entries: [Entry] = Catalog.figures.map(Entry.init), progress: Progress = Progress(),
                current: String? = nil, title: String = "Figures") {
        // Parsed once for the menu's life: every frame of it lists each figure's size.
        self.entries = entries.map(\.resolved)
        self.title = title
        // The menu marks a figure solved with any assist, with its best over all of them.
        self.records = Dictionary(Set(progress.records.keys.map(\.figure)).compactMap { name in progress.record(of: name).map { (name, $0) } },
                                  uniquingKeysWith: { a, _ in a })
        let solvedWith = progress.records.filter { $0.value.timesSolved > 0 }.keys
        self.helpedOnly = Set(solvedWith.map(\.figure)).subtracting(solvedWith.filter { $0.assist != .solvable }.map(\.figure))
        self.started = progress.inProgress
        self.current = current
        cursor = entries.firstIndex { $0.name == current || (current != nil && ($0.figure?.name == current || $0.keptAs == current)) } ?? 0
    }

    /// Handles a key (`keys`): the arrows, PgUp/PgDn, Home and End move, Tab goes to the next
    /// section, Enter or Space chooses (a file with a problem cannot be chosen), `t` shows the
    /// highlighted figure's hall of fame and `n` the prompt for the player's name, Esc, `m` or
    /// `q` close the menu.
    public mutating func handle(_ key: GameKey) -> Outcome? {
        guard !entries.isEmpty else { return .cancelled }
        switch Self.keys.action(for: key) {
        case .up: cursor = max(0, cursor - 1)
        case .down: cursor = min(entries.count - 1, cursor + 1)
        case .pageUp: cursor = max(0, cursor - 10)
        case .pageDown: cursor = min(entries.count - 1, cursor + 10)
        case .first: cursor = 0
        case .last: cursor = entries.count - 1
        case .section(let forward): cursor = sectionStart(forward: forward)
        case .choose: return choose(cursor)
        case .close: return .cancelled
        case .fame(let naming):
            guard entries[cursor].figure != nil else { return nil }
            return .hallOfFame(entries[cursor], naming: naming)
        case nil: break
        }
        return nil
    }

    /// A click on the canvas cell with this id: an entry line chooses that entry.
    public mutating func click(_ id: HitID) -> Outcome? {
        guard case .control(let index) = id, entries.indices.contains(index) else { return nil }
        cursor = index
        return choose(index)
    }

    private func choose(_ index: Int) -> Outcome? {
        if let request = entries[index].request {
            // Already being played (today's puzzle chosen from itself): back to it, nothing made.
            if let kept = entries[index].keptAs, kept == current { return .cancelled }
            return .make(request)
        }
        return entries[index].figure == nil ? nil : .chosen(entries[index])
    }

    /// The lines of the menu: a heading per section, then its entries (with their index).
    private var lines: [(text: String, entry: Int?)] {
        var result: [(String, Int?)] = []
        var section: String?
        let nameWidth = entries.map(\.name.count).max() ?? 0
        for (i, entry) in entries.enumerated() {
            if entry.section != section {
                if section != nil { result.append(("", nil)) }
                section = entry.section
                result.append((entry.section, nil))
            }
            var text = "  " + entry.name.padded(to: nameWidth) + "  "
            if let figure = entry.figure {
                text += "\(figure.cells.count) cells".padded(to: 10)
                if let note = note(of: figure.name) { text += "  " + note }
            } else if let request = entry.request {
                text += request.detail(with: entry.keptAs.flatMap(note(of:)))
            } else {
                text += "cannot be read: " + (entry.problem ?? "")
            }
            result.append((text, i))
        }
        return result
    }

    /// The player's record on the figure named `name` ("solved, best 1:05 in 12 moves"), or
    /// where they left it, started and not solved ("in progress, 3 moves"); nil when neither.
    private func note(of name: String) -> String? {
        if let record = records[name], record.timesSolved > 0 {
            // How it was solved: a figure solved only with judged fits or hints says so.
            return (helpedOnly.contains(name) ? "solved with help" : "solved")
                + ", best \(Panels.clock(record.bestSeconds)) in \(Panels.count(record.fewestMoves, "move"))"
        }
        // Started and saved, not solved yet: where the player left off.
        return started[name].map { "in progress, \(Panels.count($0.moves, "move"))" }
    }

    /// The menu for a screen of `width` x `height`, scrolled so the cursor is visible. Entry
    /// lines carry `.control(index)` ids for clicks.
    public func view(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        Panels.statusLine([title], trailing: topKeys, width: width, row: 0, into: &canvas)
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
            let style = entries[index].figure == nil && entries[index].request == nil ? TextStyle(foreground: .index(9), reverse: selected)
                                                     : TextStyle(reverse: selected)
            canvas.put(text.padded(to: width), column: 0, row: row, style: style, id: .control(index))
        }
        let help = entries.indices.contains(cursor) && entries[cursor].figure == nil && entries[cursor].request == nil
            ? "this file cannot be played: fix it and reopen the menu"
            : Panels.fitted(reminders, width: width - 2)
        canvas.put(help, column: 1, row: height - 1, style: Panels.frameStyle)
        return canvas
    }
}
