/// Whether a player of `soma serve` lets others watch their game (`ssh HOST watch NAME`), and
/// how many watch now: the game's side of watching, as a value. Off at every start; the player's
/// key toggles it (`GameEffect.toggleWatching`), the host (the server) is told by a note
/// (`note`), and answers with the number of watchers (`receive`). A watcher finds the game by
/// the player's display name, so a player with none (or a guest) is told how to get one.
public struct WatchPermission: Hashable, Sendable {
    /// Others may watch now.
    public private(set) var allowed = false
    /// The name they watch by, while allowed.
    public private(set) var name: String?
    /// How many watch now, as the host last said.
    public private(set) var watchers = 0
    /// Why the last toggle did nothing, until the next key.
    public var notice: String?

    /// Where the game runs: watching exists only under `soma serve`, and not for a guest.
    public enum Host: Hashable, Sendable {
        case local, guest, served
    }

    public let host: Host

    public init(host: Host) {
        self.host = host
    }

    /// The player's key: on becomes off and off on (as `name`, the player's display name).
    /// Answers the note for the host, or nil when nothing changed (`notice` says why).
    public mutating func toggle(name: String?) -> String? {
        switch host {
        case .local:
            notice = "watching is for games on a soma serve server"
            return nil
        case .guest:
            notice = "a guest cannot be watched: connect with an SSH key"
            return nil
        case .served:
            break
        }
        if allowed {
            allowed = false
            self.name = nil
            watchers = 0
            notice = nil
            return "watch off"
        }
        guard let name, !name.isEmpty else {
            notice = "choose a display name first (n): others watch you by it"
            return nil
        }
        allowed = true
        self.name = name
        notice = nil
        return "watch on \(name)"
    }

    /// What a note from the host asks of the game.
    public enum HostRequest: Hashable, Sendable {
        /// Nothing more than drawing the new state.
        case none
        /// A new watcher needs the whole screen: paint every cell again.
        case repaint
    }

    /// A note from the host: `watchers N` (how many watch now; a new one also wants the whole
    /// screen painted again). Anything else, or a note while not allowed (a player can type
    /// one), changes nothing.
    public mutating func receive(_ note: String) -> HostRequest {
        let words = note.split(separator: " ")
        guard allowed, words.count == 2, words[0] == "watchers", let count = Int(words[1]), (0...1000).contains(count) else {
            return .none
        }
        let more = count > watchers
        watchers = count
        return more ? .repaint : .none
    }

    /// What the status line says: a refusal for a moment, else the permission while on.
    public var status: String? {
        if let notice { return notice }
        guard allowed, let name else { return nil }
        switch watchers {
        case 0: return "others may watch (\(name)); W stops"
        case 1: return "1 person is watching you"
        default: return "\(watchers) people are watching you"
        }
    }
}
