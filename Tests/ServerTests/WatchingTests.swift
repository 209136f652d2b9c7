import Testing
@testable import Server

/// Watching's rules as values: who may be watched, how many watch one game, how far a watcher
/// may fall behind, and the game's notes taken out of its output.
@Suite struct WatchingTests {
    @Test func onlyAGameThatAllowsItIsWatchedByItsName() {
        var roster = WatchRoster(maxWatchersPerGame: 2)
        // Not allowed: the refusal does not tell whether the player is online.
        guard case .refused(let why) = roster.watch(name: "Ann", watcher: 10) else { Issue.record(); return }
        #expect(why == "soma: no one named 'Ann' lets others watch just now (a player allows it with W)")
        #expect(roster.allow(game: 1, name: "Ann") == [])
        // The name without regard to case; the answer names the player as they wrote it.
        #expect(roster.watch(name: "ann", watcher: 10) == .watch(game: 1, name: "Ann"))
        #expect(roster.watch(name: "ANN", watcher: 11) == .watch(game: 1, name: "Ann"))
        #expect(roster.watchers(of: 1) == 2)
        // The bound per game.
        #expect(roster.watch(name: "Ann", watcher: 12) == .refused("soma: Ann has 2 watchers already; please try again later"))
        // One game at a time per watcher.
        #expect(roster.watch(name: "Ann", watcher: 10) == .refused("soma: you are watching a game already"))
        // A watcher leaves: a place frees.
        #expect(roster.leave(watcher: 11) == 1)
        #expect(roster.leave(watcher: 11) == nil)
        #expect(roster.watch(name: "Ann", watcher: 12) == .watch(game: 1, name: "Ann"))
        // The player stops letting others watch: both watchers are to be ended; the name is free.
        #expect(roster.disallow(game: 1) == [10, 12])
        #expect(roster.watchers(of: 1) == 0)
        #expect(roster.disallow(game: 1) == [])
        guard case .refused = roster.watch(name: "Ann", watcher: 13) else { Issue.record(); return }
    }

    @Test func theSameNameInANewGameReplacesTheOld() {
        var roster = WatchRoster()
        _ = roster.allow(game: 1, name: "Bo")
        #expect(roster.watch(name: "bo", watcher: 5) == .watch(game: 1, name: "Bo"))
        // The same player opens a second session and lets others watch it: the first game's
        // watcher is ended, and watchers now find the second.
        #expect(roster.allow(game: 2, name: "Bo") == [5])
        #expect(roster.watch(name: "Bo", watcher: 6) == .watch(game: 2, name: "Bo"))
        #expect(roster.watchers(of: 1) == 0)
    }

    @Test func aSlowWatcherIsLetGoNeverWaitedFor() {
        var queue = WatcherQueue(limit: 1000)
        let taken600 = queue.offer(600)
        #expect(taken600)
        let taken400 = queue.offer(400)
        #expect(taken400)
        #expect(queue.pending == 1000)
        // One byte more would put it past the bound: refused, nothing counted.
        let taken1 = queue.offer(1)
        #expect(!taken1)
        #expect(queue.pending == 1000)
        queue.sent(600)
        let taken500 = queue.offer(500)
        #expect(taken500)
        #expect(queue.pending == 900)
        queue.sent(5000)
        #expect(queue.pending == 0)
        let takenIntmax = queue.offer(Int.max)
        #expect(!takenIntmax)
        let takenminus1 = queue.offer(-1)
        #expect(!takenminus1)
        #expect(WatcherQueue().limit == 256 * 1024)
    }

    @Test func notesAreTakenOutOfTheOutputWhateverTheChunks() {
        let stream = Array("ab\u{1b}[1;1H\u{1b}]5379;watch on Ann\u{07}cd\u{1b}]0;title\u{07}e\u{1b}".utf8)
            + Array("]5379;watch off\u{07}f".utf8)
        let expectedOutput = Array("ab\u{1b}[1;1Hcd\u{1b}]0;title\u{07}ef".utf8)
        // Whole, byte by byte, and in every split in two.
        var whole = HostNoteFilter()
        let (output, notes) = whole.feed(stream)
        #expect(output == expectedOutput)
        #expect(notes == ["watch on Ann", "watch off"])
        var single = HostNoteFilter()
        var out: [UInt8] = [], found: [String] = []
        for byte in stream {
            let (o, n) = single.feed([byte])
            out += o
            found += n
        }
        #expect(out == expectedOutput && found == ["watch on Ann", "watch off"])
        for split in 0...stream.count {
            var filter = HostNoteFilter()
            let first = filter.feed(Array(stream[..<split])), second = filter.feed(Array(stream[split...]))
            #expect(first.output + second.output == expectedOutput, "split at \(split)")
            #expect(first.notes + second.notes == ["watch on Ann", "watch off"], "split at \(split)")
        }
    }

    @Test func anOverlongNoteIsDroppedWhole() {
        var filter = HostNoteFilter()
        let long = Array(("\u{1b}]5379;" + String(repeating: "x", count: 1000) + "\u{07}ok").utf8)
        let (output, notes) = filter.feed(long)
        #expect(output == Array("ok".utf8))
        #expect(notes == [])
    }
}
