#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Files
import Game
import Records
import Polycube
import Store

/// The progress of one `soma play` or `soma pento` run: opened before the terminal is taken
/// (so what cannot be read or written is said while the player can still read it), saved
/// through the app loop's save hook, and summed up at the end: a save that failed is said again
/// with the path and the reason, and the run exits non-zero.
public final class SavedProgress {
    let command: String
    /// The store, one call at a time: the hall of fame reads it off the main thread.
    private let store: GuardedKeeper?
    /// The progress read at the start (what passed the checks).
    public let progress: Records.Progress
    /// The latest failure to save, said at the end.
    private(set) var failure: StoreError?
    /// Set for a guest of `soma serve`: why nothing is kept, shown while they play.
    private let guestNote: String?
    /// When each saved position was last written (positions saved before soma kept it have none).
    private var savedAt: [String: Double] = [:]

    /// After "Progress NOT saved: " on the bottom line, whole on an 80-column screen.
    static let guestText = "you play as a guest (no SSH key)"

    /// Opens the database, imports the old JSON file once, and reads the progress. `figure`
    /// names the figures whose positions can be checked against their shape.
    public init(_ options: some ProgressLocating, command: String, figure: (String) -> Figure?) {
        self.command = command
        guard !options.isGuest else {
            store = nil
            progress = Records.Progress()
            guestNote = Self.guestText
            return
        }
        guestNote = nil
        // Under `soma serve --database` the server keeps the progress (`RemoteStore`); else the
        // SQLite file, into which an old JSON file is imported first.
        let remote = options.remoteStore()
        var store: (any ProgressKeeper)?
        var progress = Records.Progress()
        do {
            let keeper: any ProgressKeeper
            if let remote {
                keeper = remote
            } else {
                let opened = try ProgressStore(path: options.databasePath, player: options.player ?? ProgressStore.localPlayer)
                if let legacy = options.legacyFile { Self.importLegacy(legacy, into: opened, command: command) }
                keeper = opened
            }
            store = keeper
            let loaded = try keeper.load(figure: figure)
            for note in loaded.notes { Self.say("\(command): \(note)") }
            progress = loaded.progress
            savedAt = loaded.savedAt
        } catch {
            failure = error
            let problem = remote == nil ? "cannot use saved progress at" : "cannot read saved progress from"
            Self.say("\(command): \(problem) \(error.path): \(error.reason); this game will not be saved")
            // A file that cannot be written may still be read (a read-only state directory or
            // file system): the player sees their saved positions and records, and the bottom
            // line says nothing is saved (issue 36: the positions were hidden).
            if remote == nil, let read = Self.readOnly(options, figure: figure) {
                for note in read.notes { Self.say("\(command): \(note)") }
                progress = read.progress
                savedAt = read.savedAt
            }
        }
        self.store = failure == nil ? store.map(GuardedKeeper.init) : nil
        self.progress = progress
    }

    /// The progress in the database file opened only to read it, or nil when even that fails.
    private static func readOnly(_ options: some ProgressLocating, figure: (String) -> Figure?) -> ProgressStore.Loaded? {
        var info = stat()
        guard stat(options.databasePath, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return try? ProgressStore(readingOnly: options.databasePath, player: options.player ?? ProgressStore.localPlayer)
            .load(figure: figure)
    }

    /// Imports the old JSON file once. An import that fails changes nothing (one transaction)
    /// and is tried again next time; the game goes on with what the database holds.
    private static func importLegacy(_ legacy: String, into store: ProgressStore, command: String) {
        do {
            for line in try LegacyProgressFile.importIfPresent(legacy, into: store) { say("\(command): \(line)") }
        } catch {
            say("\(command): the old progress file \(legacy) was not imported: \(error.path): \(error.reason)")
        }
    }

    /// The Soma figure the player was last playing, the newest saved position that `figure`
    /// knows and that still fits it; nil when none does (a new player, or only pentomino boards).
    public func lastPlayed(_ figure: (String) -> Figure?) -> Figure? {
        let newestFirst = savedAt.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        for (name, _) in newestFirst {
            if let found = figure(name), found.pieceSet.name == PieceSet.soma.name, progress.resume(found) != nil {
                return found
            }
        }
        return nil
    }

    /// The hall of fame over the same database and player, opening on the tables of `assist`
    /// (the one the game is played with; `off` for pentominoes, which have none).
    public func fame(opening assist: Assist) -> FameBoard {
        var board = FameBoard.over(store, problem: problem)
        board.assist = assist
        return board
    }

    /// The app loop's save hook: merges `progress` into the database, or remembers why not.
    /// Answers what went wrong, for the screen to say while the player plays; nil when saved.
    @discardableResult
    func save(_ progress: Records.Progress) -> String? {
        if let store {
            do {
                try store.run { s throws(StoreError) in try s.save(progress) }
                failure = nil
            } catch {
                failure = error
            }
        }
        return problem
    }

    /// Why progress is not being saved, in words: the reason first, so that a narrow screen
    /// still shows it, then the path; nil while saves work.
    public var problem: String? {
        failure.map { "\($0.reason), at \($0.path)" } ?? guestNote
    }

    /// Says a failed save (the last one) and gives the exit status it calls for: 1, or nil.
    func finish() -> Int32? {
        guard let failure else { return nil }
        Self.say("\(command): progress NOT saved to \(failure.path): \(failure.reason)")
        return 1
    }

    static func say(_ line: String) {
        StandardStreams.printError(line)
    }
}
