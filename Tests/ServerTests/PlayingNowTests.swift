import Testing
@testable import Server

/// Who is playing now, as the server tells its `PresenceHook`: keyed games only, told at each
/// change and every 20 s.
@Suite struct PlayingNowTests {
    @Test func theHookHearsTheExactSetAsKeyedGamesStartAndEnd() {
        var playing = PlayingNow()
        var told: [Set<String>] = []
        func tick(_ now: Double) { if let set = playing.due(now: now) { told.append(set) } }
        // Nobody plays: nothing to tell, not even as a heartbeat.
        tick(0)
        tick(100)
        #expect(told == [])
        // Ann plays; a guest plays; Bo runs a command (ssh HOST solve): only Ann counts.
        playing.started(session: 1, player: .key(fingerprint: "SHA256:ann"), isCommand: false)
        playing.started(session: 2, player: .guest, isCommand: false)
        playing.started(session: 3, player: .key(fingerprint: "SHA256:bo"), isCommand: true)
        tick(100.5)
        tick(101)
        #expect(told == [["SHA256:ann"]])
        // Bo starts a game too; Ann opens a second session: one entry each.
        playing.started(session: 4, player: .key(fingerprint: "SHA256:bo"), isCommand: false)
        playing.started(session: 5, player: .key(fingerprint: "SHA256:ann"), isCommand: false)
        tick(101.5)
        #expect(told.last == ["SHA256:ann", "SHA256:bo"])
        #expect(told.count == 2)
        // The command and the guest end: nothing to tell.
        playing.ended(session: 3)
        playing.ended(session: 2)
        tick(102)
        #expect(told.count == 2)
        // Ann's first session ends: she still plays in her second.
        playing.ended(session: 1)
        tick(102.5)
        #expect(told.count == 2)
        // Unchanged, the set is told again each 20 s (the heartbeat), not sooner.
        tick(121.4)
        #expect(told.count == 2)
        tick(121.5)
        #expect(told.count == 3 && told.last == ["SHA256:ann", "SHA256:bo"])
        // Ann quits: told at once.
        playing.ended(session: 5)
        tick(122)
        #expect(told.last == ["SHA256:bo"])
        playing.ended(session: 4)
        playing.ended(session: 4)
        tick(122.5)
        #expect(told.last == [])
        #expect(told.count == 5)
        #expect(playing.players == [])
        // Nobody again: no heartbeat.
        tick(200)
        #expect(told.count == 5)
    }
}
