/// One line of work per player: each job starts when the player's previous job has ended, so a
/// player's saves are written in the order their games sent them (a position is the last
/// writer's) and a read sees the saves before it. Different players' jobs run side by side, on
/// the pool's connections.
actor PlayerQueues {
    private var tails: [String: (id: Int, task: Task<Void, Never>)] = [:]
    private var nextID = 0

    /// Queues `job` after the player's earlier jobs.
    func enqueue(_ player: String, _ job: @escaping @Sendable () async -> Void) {
        let previous = tails[player]?.task
        nextID += 1
        let id = nextID
        let task = Task {
            await previous?.value
            await job()
            self.finished(player, id: id)
        }
        tails[player] = (id, task)
    }

    private func finished(_ player: String, id: Int) {
        if tails[player]?.id == id { tails[player] = nil }
    }

    /// Jobs not yet done.
    var pending: Int { tails.count }

    /// Waits until every queued job has ended (the saves are written).
    func waitForAll() async {
        while let (_, tail) = tails.first {
            await tail.task.value
        }
    }
}
