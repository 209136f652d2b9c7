import Dispatch

/// A way in for what the server's executable learns beside the server (the store service's
/// saves waiting for the database, then written) to reach a player's games: `tell` from any
/// thread writes a host note (`HostNote`, `ESC ] 5379 ; NOTE BEL`) into the input of every game
/// the player with that key runs on this instance, where the game shows it on its bottom line.
/// The note is one of the executable's fixed words (letters and spaces only; anything else is
/// dropped), never a client's.
public final class GameNotes: @unchecked Sendable {
    private let lock = DispatchQueue(label: "soma.notes")
    /// Set by `GameServer.run` once the server's state exists; touched only under `lock`.
    private var state: ServerState?

    public init() {}

    func attach(_ state: ServerState?) {
        lock.sync { self.state = state }
    }

    /// Tells `note` to the games of the player with key `player`.
    public func tell(player: String, _ note: String) {
        guard (1...60).contains(note.utf8.count), note.utf8.allSatisfy({ $0 == 0x20 || (0x61...0x7a).contains($0) }),
              let state = lock.sync(execute: { self.state }) else { return }
        state.loop.execute {
            for connection in state.connections.values where connection.player == .key(fingerprint: player) {
                for session in connection.sessions { session.tellGame(note: note) }
            }
        }
    }
}
