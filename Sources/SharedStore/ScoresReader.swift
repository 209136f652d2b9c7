import NIOPosix
import Records
import Store

/// `soma scores --database`: the hall of fame an operator reads from PostgreSQL, across every
/// instance, each standing marked when its player is in a game now (the `playing` table, within
/// `playingWindow`). Read as no player (no row is anyone's own). One connection, each query
/// bounded (`StoreTries`), the schema checked first as `soma serve` checks it (a database
/// written by a newer soma is refused, not misread).
public enum ScoresReader {
    /// With a figure (its stored name): its tables for each assist. Without: each figure's and
    /// assist's leaders, one row per table.
    public static func read(address: DatabaseAddress, figure: String?,
                            playingWindow: Double = HallOfFame.playingWindow) throws(SharedStoreError) -> [HallOfFame] {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let store = PostgresStore(address: address, group: group, playingWindow: playingWindow)
        let runner = Task.detached { await store.run() }
        defer {
            runner.cancel()
            try? group.syncShutdownGracefully()
        }
        let outcome = StoreService.blocking { () async -> Result<[HallOfFame], SharedStoreError> in
            do {
                try await StoreService.bounded { try await store.prepare() }
                guard let figure else { return .success(try await StoreService.bounded { try await store.leaders() }) }
                var tables: [HallOfFame] = []
                for assist in Assist.allCases {
                    tables.append(try await StoreService.bounded {
                        try await store.hallOfFame(figure: figure, assist: assist.rawValue, player: "")
                    })
                }
                return .success(tables)
            } catch {
                return .failure(SharedStoreError.from(error))
            }
        }
        return try outcome.get()
    }

    /// `read`'s tables as the lines `soma-server scores` prints: each the store line's form of a
    /// table (`StoreLine.FameTables`, compact JSON), without its newline.
    public static func lines(address: DatabaseAddress, figure: String?,
                             playingWindow: Double = HallOfFame.playingWindow) throws(SharedStoreError) -> [String] {
        try read(address: address, figure: figure, playingWindow: playingWindow).compactMap { table in
            StoreLine.encode(StoreLine.FameTables(table)).map { String(decoding: $0.dropLast(), as: UTF8.self) }
        }
    }
}
