import Testing
@testable import SharedStore

/// One line of work per player (`PlayerQueues`): a player's jobs in the order queued, each after
/// the one before has ended; another player's jobs alongside, never behind them.
@Suite(.timeLimit(.minutes(1))) struct PlayerQueuesTests {
    actor Log {
        var entries: [String] = []
        func add(_ entry: String) { entries.append(entry) }
    }

    @Test("ann's second job waits for her first; bob's runs while ann's first is held; all done, nothing pending")
    func orderPerPlayer() async {
        let queues = PlayerQueues()
        let log = Log()
        let (gate, open) = AsyncStream.makeStream(of: Void.self)
        let (bobRan, bobDone) = AsyncStream.makeStream(of: Void.self)
        await queues.enqueue("ann") {
            for await _ in gate { break }
            await log.add("ann 1")
        }
        await queues.enqueue("ann") { await log.add("ann 2") }
        await queues.enqueue("bob") {
            await log.add("bob 1")
            bobDone.yield()
        }
        for await _ in bobRan { break }
        #expect(await log.entries == ["bob 1"], "ann's jobs wait for her first")
        #expect(await queues.pending >= 1)
        open.yield()
        await queues.waitForAll()
        #expect(await log.entries == ["bob 1", "ann 1", "ann 2"])
        #expect(await queues.pending == 0)
    }

    @Test("a job queued after the player's queue emptied runs at once")
    func queueEmptiesAndRestarts() async {
        let queues = PlayerQueues()
        let log = Log()
        await queues.enqueue("ann") { await log.add("first") }
        await queues.waitForAll()
        #expect(await queues.pending == 0)
        await queues.enqueue("ann") { await log.add("second") }
        await queues.waitForAll()
        #expect(await log.entries == ["first", "second"])
    }
}
