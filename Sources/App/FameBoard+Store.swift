#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Files
import Game
import Store

/// The hall of fame board over the progress database. The screen program calls it off the
/// input path (`GameEffect.readFame`, `.chooseName`, the name for watching), on the loop's
/// worker thread, while saves go on on the main one: every call takes the store's lock
/// (`GuardedKeeper`), so the two never talk to the store at once.
extension FameBoard {
    /// Set by `soma serve` for a session without a key.
    static var guestInEnvironment: Bool { ProgressOptions.served("SOMA_GUEST") == "1" }

    /// The board over `store`; when there is none (the database could not be opened), the
    /// screen says why instead of showing tables.
    static func over(_ store: GuardedKeeper?, problem: String?, isGuest: Bool = guestInEnvironment) -> FameBoard {
        guard let store else {
            let failure = HallOfFameScreen.Failure(problem ?? "the progress database is not open")
            return FameBoard(tables: { _, _ in .failure(failure) }, ownName: { nil },
                             chooseName: { _ in .refused("Names are kept in the progress database: \(failure.reason)") },
                             isGuest: isGuest)
        }
        return FameBoard(
            tables: { figure, assist in
                Result { () throws(StoreError) in try store.run { s throws(StoreError) in try s.hallOfFame(figure: figure, assist: assist) } }
                    .mapError { HallOfFameScreen.Failure("\($0.reason), at \($0.path)") }
            },
            ownName: { try? store.run { s throws(StoreError) in try s.displayName() } },
            chooseName: { name in
                guard !isGuest else { return .refused("Guests have no name: connect with an SSH key to choose one") }
                do throws(StoreError) {
                    return try store.run { s throws(StoreError) in try s.chooseName(name) }
                } catch {
                    return .refused("The name was not saved: \(error.reason)")
                }
            },
            isGuest: isGuest)
    }
}

/// A store shared by the main thread (saves) and the loop's worker thread (the hall of fame):
/// one call at a time, under a lock. The store line of `soma serve --database` is one request
/// and one reply at a time, so two threads must never write to it together.
final class GuardedKeeper: @unchecked Sendable {
    private let store: any ProgressKeeper
    private let lock = Lock()

    init(_ store: any ProgressKeeper) {
        self.store = store
    }

    /// Runs `body` on the store while no other call does.
    func run<T>(_ body: (any ProgressKeeper) throws(StoreError) -> T) throws(StoreError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(store)
    }
}
