import Polycube
import Testing
@testable import Game

/// Every key the help overlay (`?`) lists does what it says.
@Suite("Soma help keys")
struct SomaHelpKeysTests {
    /// The keys behind each keyboard line of the help, and the position to press them in.
    enum Setup { case fresh, raised, undone, orbited }

    static let table: [String: (keys: [GameKey], setup: Setup)] = [
        "Tab/S-Tab": ([.tab, .backTab], .raised),
        "1-7": ((1...7).map { .character(Character(String($0))) }, .fresh),
        "arrows": ([.up, .down, .left, .right], .raised),
        "PgUp/PgDn": ([.pageUp, .pageDown], .raised),
        "w/s": ([.character("w"), .character("s")], .raised),
        "a/d": ([.character("a"), .character("d")], .raised),
        "e/E": ([.character("e"), .character("E")], .raised),
        "Space/Enter": ([.character(" "), .enter], .raised),
        "h": ([.character("h")], .raised),
        "u/Backspace": ([.character("u"), .backspace], .raised),
        "U/Ctrl-R": ([.character("U"), .control("r"), .control("y")], .undone),
        "R": ([.character("R")], .raised),
        "Esc": ([.escape], .raised),
        "Shift-arrows": ([.shiftUp, .shiftDown, .shiftLeft, .shiftRight], .raised),
        "+/-": ([.character("+"), .character("-")], .raised),
        "0/Home": ([.character("0"), .home], .orbited),
        "m": ([.character("m")], .raised),
        "?": ([.character("?")], .raised),
        "q": ([.character("q")], .raised),
    ]

    static func session(_ setup: Setup) -> SomaSession {
        var s = SomaSession(figure: Fixtures.cube)
        guard setup != .fresh else { return s }
        s.handle(.character("1"), now: 0)
        s.handle(.pageUp, now: 0)
        if setup == .undone { s.handle(.character("u"), now: 0) }
        if setup == .orbited { s.handle(.shiftLeft, now: 0) }
        return s
    }

    @Test("every keyboard line of the help is covered here; the rest are mouse gestures")
    func coverage() {
        let mouse = ["drag", "flick", "click", "wheel", "shake"]
        for binding in SomaKeyMap.bindings where !mouse.contains(where: binding.keys.contains) {
            #expect(Self.table[binding.keys] != nil, "help line \(binding.keys) is not checked")
        }
        #expect(SomaKeyMap.bindings.contains { $0.keys.contains("drag") && $0.action.contains("orbit") })
        #expect(SomaKeyMap.bindings.contains { $0.keys.contains("wheel") })
    }

    @Test("each key changes the game or the view, or asks the loop for something",
          arguments: Array(table.keys).sorted())
    func keyWorks(_ label: String) throws {
        let entry = try #require(Self.table[label])
        for key in entry.keys {
            var s = Self.session(entry.setup)
            let before = s
            let effects = s.handle(key, now: 1)
            #expect(s != before || !effects.isEmpty, "\(label): \(key) did nothing")
            #expect(s.game.feedback?.isRefusal != true, "\(label): \(key) was refused: \(String(describing: s.game.feedback))")
        }
    }
}
