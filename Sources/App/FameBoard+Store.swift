#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Game
import Store

/// The hall of fame board over the progress database.
extension FameBoard {
    /// Set by `soma serve` for a session without a key.
    static var guestInEnvironment: Bool { ProcessInfo.processInfo.environment["SOMA_GUEST"] == "1" }

    /// The board over `store`; when there is none (the database could not be opened), the
    /// screen says why instead of showing tables.
    static func over(_ store: (any ProgressKeeper)?, problem: String?, isGuest: Bool = guestInEnvironment) -> FameBoard {
        guard let store else {
            let failure = HallOfFameScreen.Failure(problem ?? "the progress database is not open")
            return FameBoard(tables: { _, _ in .failure(failure) }, ownName: { nil },
                             chooseName: { _ in .refused("Names are kept in the progress database: \(failure.reason)") },
                             isGuest: isGuest)
        }
        return FameBoard(
            tables: { figure, assist in
                Result { () throws(StoreError) in try store.hallOfFame(figure: figure, assist: assist) }
                    .mapError { HallOfFameScreen.Failure("\($0.reason), at \($0.path)") }
            },
            ownName: { try? store.displayName() },
            chooseName: { name in
                guard !isGuest else { return .refused("Guests have no name: connect with an SSH key to choose one") }
                do throws(StoreError) {
                    return try store.chooseName(name)
                } catch {
                    return .refused("The name was not saved: \(error.reason)")
                }
            },
            isGuest: isGuest)
    }
}
