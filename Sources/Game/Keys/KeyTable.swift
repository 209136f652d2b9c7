/// A screen's keys as data: each line binds some keys, each to its action, under one label and
/// one help text; pointer gestures have lines of their own, for the help only. The key map looks
/// keys up here, the `?` overlay is drawn from here and a test holds the README's tables to it,
/// so what a key does and what the help says it does cannot drift apart.
struct KeyTable<Action: Hashable & Sendable>: Hashable, Sendable {
    /// One line of the table.
    enum Line: Hashable, Sendable {
        /// Keys: `label` as the help writes them ("arrows", "u/Backspace"), each key's action,
        /// and the help text.
        case keys(label: String, [KeyAction], help: String)
        /// A pointer gesture ("drag piece"), described for the help only: gestures go through
        /// the screen's director, not through this table.
        case gesture(HelpLine)
    }

    /// A key and what it does.
    struct KeyAction: Hashable, Sendable {
        var key: GameKey
        var action: Action
    }

    let lines: [Line]

    init(_ lines: [Line]) {
        self.lines = lines
    }

    /// What `key` does, or nil for a key this screen has no use for.
    func action(for key: GameKey) -> Action? {
        for case let .keys(_, bindings, _) in lines {
            if let hit = bindings.first(where: { $0.key == key }) { return hit.action }
        }
        return nil
    }

    /// The name of the first key bound to `action` ("" when none is): the status lines' key
    /// reminders are written with it, so that they too name the keys as the player bound them.
    func keyName(for action: Action) -> String {
        for case let .keys(_, bindings, _) in lines {
            if let hit = bindings.first(where: { $0.action == action }) { return hit.key.name }
        }
        return ""
    }

    /// How a reminder names the keys of `actions`, one each, in order, as bound (`w a s d e`):
    /// `arrows` when they are the four arrow keys, up, down, left and right.
    func keyNames(_ actions: [Action]) -> String {
        let names = actions.map(keyName(for:))
        return names == ["Up", "Down", "Left", "Right"] ? "arrows" : names.joined(separator: " ")
    }

    /// The same table with every action passed through `transform` (the common keys checked
    /// together with a screen's own, `CommonKeys.remapped(with:_:)`).
    func map<Other>(_ transform: (Action) -> Other) -> KeyTable<Other> {
        KeyTable<Other>(lines.map { line in
            switch line {
            case let .keys(label, bindings, help):
                .keys(label: label, bindings.map { .init(key: $0.key, action: transform($0.action)) }, help: help)
            case let .gesture(helpLine): .gesture(helpLine)
            }
        })
    }

    /// The help overlay's lines, in table order.
    var help: [HelpLine] {
        lines.map { line in
            switch line {
            case let .keys(label, _, help): HelpLine(label, help)
            case let .gesture(helpLine): helpLine
            }
        }
    }

    /// The key lines: label and the keys bound under it.
    var keyLines: [(label: String, keys: [GameKey])] {
        lines.compactMap { line in
            guard case let .keys(label, bindings, _) = line else { return nil }
            return (label, bindings.map(\.key))
        }
    }

    /// The gesture lines.
    var gestureLines: [HelpLine] {
        lines.compactMap { line in
            guard case let .gesture(helpLine) = line else { return nil }
            return helpLine
        }
    }
}

extension KeyTable.Line {
    /// Keys that all do the same thing.
    static func keys(_ label: String, _ keys: [GameKey], _ action: Action, _ help: String) -> Self {
        .keys(label: label, keys.map { KeyTable.KeyAction(key: $0, action: action) }, help: help)
    }

    /// Keys that each do their own thing (arrows, opposite turns).
    static func keys(_ label: String, _ pairs: [(GameKey, Action)], _ help: String) -> Self {
        .keys(label: label, pairs.map { KeyTable.KeyAction(key: $0.0, action: $0.1) }, help: help)
    }

    static func gesture(_ what: String, _ help: String) -> Self {
        .gesture(HelpLine(what, help))
    }
}

extension GameKey {
    /// How the help and the README write this key.
    var name: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "^" + c.uppercased()
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .shiftUp: "Shift-Up"
        case .shiftDown: "Shift-Down"
        case .shiftLeft: "Shift-Left"
        case .shiftRight: "Shift-Right"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .home: "Home"
        case .end: "End"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .delete: "Delete"
        }
    }
}

extension KeyTable {
    /// The table with keys moved: `remap[k]` is the key that now does what `k` did (so a
    /// config line `h = "j"` puts the hint on `j`, and `h` does nothing unless something else
    /// moves to it). Lines with a moved key are labelled by their keys' names, so the help
    /// shows the keys actually bound.
    /// - Throws: `KeyRemapError` when a key would do two things: moved onto a key that keeps its
    ///   own binding, or two keys moved onto one.
    func remapped(_ remap: [GameKey: GameKey]) throws(KeyRemapError) -> KeyTable {
        guard !remap.isEmpty else { return self }
        var targets: [GameKey: GameKey] = [:]
        for (from, to) in remap.sorted(by: { $0.key.name < $1.key.name }) {
            if let other = targets[to] { throw .sameTarget(to, from: [other, from]) }
            targets[to] = from
        }
        let bound = Set(lines.flatMap { line -> [GameKey] in
            guard case let .keys(_, bindings, _) = line else { return [] }
            return bindings.map(\.key)
        })
        for (from, to) in remap.sorted(by: { $0.key.name < $1.key.name }) where bound.contains(to) && remap[to] == nil {
            throw .alreadyBound(to, movedFrom: from)
        }
        return KeyTable(lines.map { line in
            guard case let .keys(_, bindings, help) = line, bindings.contains(where: { remap[$0.key] != nil }) else {
                return line
            }
            let moved = bindings.map { KeyAction(key: remap[$0.key] ?? $0.key, action: $0.action) }
            var names: [String] = []
            for key in moved.map(\.key) where !names.contains(key.name) { names.append(key.name) }
            return .keys(label: names.joined(separator: "/"), moved, help: help)
        })
    }
}

extension GameKey {
    /// The key a config file names, in the help's spelling (`h`, `Space`, `PgUp`, `^R`,
    /// `Shift-Up`, `S-Tab`), or nil for a name no key has.
    init?(name: String) {
        let named: [GameKey] = [.up, .down, .left, .right, .shiftUp, .shiftDown, .shiftLeft, .shiftRight, .pageUp,
                                .pageDown, .home, .tab, .backTab, .enter, .escape, .backspace, .delete, .character(" ")]
        if let key = named.first(where: { $0.name.lowercased() == name.lowercased() }) {
            self = key
        } else if name.count == 1, let c = name.first, c.isASCII, !c.isWhitespace {
            self = .character(c)
        } else if name.count == 2, name.hasPrefix("^"), let c = name.last, c.isLetter, c.isASCII {
            self = .control(Character(c.lowercased()))
        } else {
            return nil
        }
    }
}
