/// One line of a help overlay (and of the README's tables): the keys or gesture, and what it does.
struct HelpLine: Hashable, Sendable {
    var keys: String
    var text: String

    init(_ keys: String, _ text: String) {
        self.keys = keys
        self.text = text
    }
}

/// A screen's keys as data: each line binds some keys, each to its action, under one label and
/// one help text; pointer gestures have lines of their own, for the help only. The key map looks
/// keys up here, the `?` overlay is drawn from here and a test holds the README's tables to it,
/// so what a key does and what the help says it does cannot drift apart.
struct KeyTable<Action: Hashable & Sendable>: Sendable {
    /// One line of the table.
    enum Line: Sendable {
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
