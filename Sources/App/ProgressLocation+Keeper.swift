import Store

extension ProgressLocating {
    /// The server's store under `soma serve --database` (`storeDescriptor`), made once a
    /// process: the descriptor has one owner, which closes it, and the game's saves and the
    /// day's record after the game (`DailyRecord`) both go through it. nil without a line.
    func remoteStore() -> RemoteStore? {
        guard let descriptor = storeDescriptor else { return nil }
        if let made = remote { return made }
        let made = RemoteStore(descriptor: descriptor)
        remote = made
        return made
    }

    /// Where this player's progress is kept: the server's store when the game has a line
    /// (nothing is written to a file of this instance), else the SQLite file.
    public func keeper() throws(StoreError) -> any ProgressKeeper {
        if let remote = remoteStore() { return remote }
        return try ProgressStore(path: databasePath, player: player ?? ProgressStore.localPlayer)
    }
}

/// The one store line's store of this process (the game's main thread is its only user).
nonisolated(unsafe) private var remote: RemoteStore?
