import Files
#if canImport(Glibc)
import Glibc
#endif

/// Where the games keep saved progress, shared by `soma play` and `soma pento` so both read and
/// write the same database: `$XDG_STATE_HOME/soma/soma.db` unless told otherwise, and whose
/// progress it is. `ProgressOptions` is this as the command line gives it; `ProgressLocation`
/// as plain values, what `soma play` alone runs with without building the parser's options
/// (issue 35: a login's start-up).
///
/// A game that `soma serve` starts for a session is told by its environment (the server's side
/// of this contract is `Server/GameSession.swift`): `SOMA_STATE_DIR`, the server's state
/// directory, in place of `$XDG_STATE_HOME/soma`; `SOMA_PLAYER`, the player's key fingerprint,
/// as the database's player; `SOMA_GUEST=1` for a guest, whose progress is not kept.
public protocol ProgressLocating {
    /// `--state-dir`: the folder instead of `$XDG_STATE_HOME/soma`.
    var stateDirectory: String? { get }
    /// `--state-file`: one exact database file instead of a folder (no old progress.json is
    /// imported beside it); what the end-to-end tests use.
    var stateFile: String? { get }
}

/// The place as plain values: `ProgressLocation()` is what the parser reads from no words.
public struct ProgressLocation: ProgressLocating, Equatable, Sendable {
    public var stateDirectory: String?
    public var stateFile: String?

    public init(stateDirectory: String? = nil, stateFile: String? = nil) {
        self.stateDirectory = stateDirectory
        self.stateFile = stateFile
    }
}

extension ProgressLocating {
    /// The folder: `--state-dir`, `$SOMA_STATE_DIR`, or `$XDG_STATE_HOME/soma` (`~/.local/state/soma`).
    var folder: String { stateDirectory ?? ProgressOptions.served("SOMA_STATE_DIR") ?? XDGPaths.current.stateDirectory }

    /// The SQLite database the progress lives in.
    public var databasePath: String { stateFile ?? folder + "/soma.db" }

    /// The JSON file earlier versions wrote, imported once into the database: only for the
    /// player of this machine (never into a served player's progress).
    var legacyFile: String? {
        stateFile == nil && player == nil && ProgressOptions.served("SOMA_STATE_DIR") == nil
            ? XDGPaths.current.progressFile(in: stateDirectory) : nil
    }

    /// The served player's key (`SOMA_PLAYER`); nil: the player of this machine.
    public var player: String? { ProgressOptions.served("SOMA_PLAYER") }

    /// A served guest (`SOMA_GUEST=1`): nothing is read or kept.
    public var isGuest: Bool { ProgressOptions.served("SOMA_GUEST") == "1" }

    /// The descriptor of the server's store line (`SOMA_STORE_FD`, under `soma serve --database`):
    /// saves and the hall of fame go through it (`Store.RemoteStore`) instead of a file. Set but
    /// not a descriptor: -1, so the game says its progress is not kept rather than quietly
    /// writing a file of this instance that no other instance reads.
    public var storeDescriptor: CInt? {
        guard let text = ProgressOptions.served("SOMA_STORE_FD") else { return nil }
        guard let number = CInt(text), (3...1023).contains(number), fcntl(number, F_GETFD) >= 0 else { return -1 }
        return number
    }
}
