import Testing
@testable import Server

/// Who gets a place, decided from counts and the clock (passed in): the rules behind issue 23's
/// lock-out (idle sockets filled every place) and the command caps, step by step.
@Suite struct AdmissionTests {
    static func limits(sessions: Int = 4, pending: Int = 6, perAddress: Int = 3) -> Admission.Limits {
        // No early drop here (it starts only when the budget is full); its own test sets it.
        Admission.Limits(maxSessions: sessions, maxPendingLogins: pending, maxPendingPerAddress: perAddress,
                         connectionsPerMinute: 1000, maxOverflow: 2, pushOutGrace: 2, earlyDropStart: pending)
    }

    @Test func loginsInProgressNeverTakeAPlayersPlace() {
        var admission = Admission(limits: Self.limits(sessions: 2, pending: 6, perAddress: 3))
        // A stranger fills the login budget from two addresses and never logs in.
        var id = 0
        for address in ["10.0.0.1", "10.0.0.2"] {
            for _ in 0..<3 {
                id += 1
                #expect(admission.connect(id: id, address: address, now: 0) == .admitted(pushingOut: nil))
            }
        }
        #expect(admission.pendingCount == 6)
        // A player from a fresh address gets in at once, pushing out the oldest of the strangers.
        #expect(admission.connect(id: 100, address: "192.168.1.5", now: 0.5) == .admitted(pushingOut: 1))
        #expect(admission.loggedIn(id: 100, now: 0.7) == .play)
        #expect(admission.connect(id: 101, address: "192.168.1.6", now: 0.8) == .admitted(pushingOut: nil))
        #expect(admission.loggedIn(id: 101, now: 0.9) == .play)
        #expect(admission.playingCount == 2 && admission.pendingCount == 5)
        // Sessions full: the next players are let in to be told so; past the overflow, refused.
        #expect(admission.connect(id: 102, address: "192.168.1.7", now: 1) == .admitted(pushingOut: nil))
        // The budget is full again: the address holding three loses its oldest, then the oldest of two.
        #expect(admission.connect(id: 103, address: "192.168.1.8", now: 1) == .admitted(pushingOut: 4))
        #expect(admission.connect(id: 104, address: "192.168.1.9", now: 1) == .admitted(pushingOut: 2))
        #expect(admission.loggedIn(id: 102, now: 1.1) == .full)
        #expect(admission.loggedIn(id: 103, now: 1.1) == .full)
        #expect(admission.loggedIn(id: 104, now: 1.1) == .refused(.serverFull(2)))
        #expect(Admission.Refusal.serverFull(2).message == "soma: the server is full (2 players); please try again later")
        // A player leaves: the next login plays.
        admission.closed(id: 100)
        #expect(admission.connect(id: 105, address: "192.168.1.10", now: 2) == .admitted(pushingOut: nil))
        #expect(admission.loggedIn(id: 105, now: 2.1) == .play)
    }

    @Test func theAddressHoldingTheMostLosesItsOldestFirst() {
        var admission = Admission(limits: Self.limits(pending: 4, perAddress: 3))
        #expect(admission.connect(id: 1, address: "a", now: 0) == .admitted(pushingOut: nil))
        #expect(admission.connect(id: 2, address: "b", now: 1) == .admitted(pushingOut: nil))
        #expect(admission.connect(id: 3, address: "b", now: 2) == .admitted(pushingOut: nil))
        #expect(admission.connect(id: 4, address: "b", now: 3) == .admitted(pushingOut: nil))
        // All of them have spoken (an SSH client's version line): none is dropped as silent.
        for id in 1...4 { admission.spoke(id: id) }
        // "a" is older, but "b" holds three: b's oldest goes.
        #expect(admission.connect(id: 5, address: "c", now: 3.1) == .admitted(pushingOut: 2))
        // Now b holds two, a and c one each. A second from a would tie with b, and b's oldest is
        // within its grace: refused. From a fresh address, b's oldest goes.
        #expect(admission.connect(id: 6, address: "a", now: 3.2) == .refused(.loginsInProgress(4)))
        #expect(admission.connect(id: 7, address: "d", now: 3.2) == .admitted(pushingOut: 3))
        admission.spoke(id: 7)
        // One each now: the oldest of all, past its grace, goes.
        #expect(admission.connect(id: 8, address: "b", now: 3.3) == .admitted(pushingOut: 1))
    }

    @Test func youngLoginsOfEqualAddressesAreNotPushedOut() {
        var admission = Admission(limits: Self.limits(pending: 3, perAddress: 3))
        for (id, address) in [(1, "a"), (2, "b"), (3, "c")] {
            #expect(admission.connect(id: id, address: address, now: 10) == .admitted(pushingOut: nil))
            admission.spoke(id: id)
        }
        // Everyone holds one and all are within their grace: the newcomer waits.
        #expect(admission.connect(id: 4, address: "d", now: 11) == .refused(.loginsInProgress(3)))
        // Past the grace, the oldest goes.
        #expect(admission.connect(id: 5, address: "d", now: 12.5) == .admitted(pushingOut: 1))
        #expect(Admission.Refusal.loginsInProgress(3).message
                == "soma: the server has 3 logins in progress; please try again in a few seconds")
    }

    @Test func oneAddressHasItsOwnBudgetAndRate() {
        var limits = Self.limits(pending: 10, perAddress: 2)
        limits.connectionsPerMinute = 3
        var admission = Admission(limits: limits)
        #expect(admission.connect(id: 1, address: "a", now: 0) == .admitted(pushingOut: nil))
        #expect(admission.connect(id: 2, address: "a", now: 0) == .admitted(pushingOut: nil))
        #expect(admission.connect(id: 3, address: "a", now: 0) == .refused(.loginsFromAddress(2)))
        #expect(admission.connect(id: 4, address: "a", now: 0) == .refused(.rate(perMinute: 3)))
        #expect(admission.connect(id: 5, address: "b", now: 0) == .admitted(pushingOut: nil))
        #expect(Admission.Refusal.loginsFromAddress(2).message
                == "soma: 2 logins from your address are in progress already; please try again when they are done")
        admission.shutDown()
        #expect(admission.connect(id: 6, address: "c", now: 0) == .refused(.shuttingDown))
    }

    @Test func loginsThatTakeTooLongExpire() {
        var admission = Admission(limits: Self.limits())
        _ = admission.connect(id: 1, address: "a", now: 0)
        _ = admission.connect(id: 2, address: "b", now: 5)
        _ = admission.connect(id: 3, address: "c", now: 6)
        #expect(admission.loggedIn(id: 3, now: 6.5) == .play)
        #expect(admission.expired(now: 21, grace: 20) == [1])
        #expect(admission.expired(now: 26, grace: 20) == [1, 2])
        // A pushed-out or closed login cannot log in afterwards.
        admission.closed(id: 1)
        #expect(admission.loggedIn(id: 1, now: 27) == .refused(.pushedOut(6)))
    }

    @Test func commandsAreCappedPerPlayerAndPerAddress() {
        var admission = Admission(limits: Self.limits(sessions: 10, pending: 10, perAddress: 10))
        for id in 1...6 {
            _ = admission.connect(id: id, address: id <= 5 ? "a" : "b", now: 0)
            #expect(admission.loggedIn(id: id, now: 0) == .play)
        }
        #expect(admission.startCommand(id: 1, player: "K") == nil)
        #expect(admission.startCommand(id: 2, player: "K") == nil)
        #expect(admission.startCommand(id: 6, player: "K")
                == "soma: 2 commands of yours are running already; please wait for one to end")
        #expect(admission.startCommand(id: 3, player: nil) == nil)
        #expect(admission.startCommand(id: 4, player: "L") == nil)
        #expect(admission.startCommand(id: 5, player: "M")
                == "soma: 4 commands from your address are running already; please wait for one to end")
        admission.commandEnded(id: 1)
        #expect(admission.startCommand(id: 5, player: "M") == nil)
        #expect(admission.startCommand(id: 6, player: "K") == nil)
        admission.closed(id: 2)
        #expect(admission.commandCount == 4)
    }

    @Test func commandsAreCappedInAll() {
        var limits = Self.limits(sessions: 10, pending: 10, perAddress: 10)
        limits.maxCommands = 3
        var admission = Admission(limits: limits)
        for id in 1...4 {
            _ = admission.connect(id: id, address: "10.0.0.\(id)", now: 0)
            #expect(admission.loggedIn(id: id, now: 0) == .play)
        }
        for id in 1...3 { #expect(admission.startCommand(id: id, player: "key\(id)") == nil) }
        #expect(admission.startCommand(id: 4, player: "key4") == "soma: the server runs 3 commands already; please try again in a minute")
        admission.commandEnded(id: 2)
        #expect(admission.startCommand(id: 4, player: "key4") == nil)
    }

    @Test func ipv6AddressesCountByTheirSlash64() {
        #expect(AddressGroup.key("192.0.2.7") == "192.0.2.7")
        #expect(AddressGroup.key("::ffff:192.0.2.7") == "192.0.2.7")
        #expect(AddressGroup.key("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64")
        #expect(AddressGroup.key("2001:0db8:0001:0002:ffff:1:2:3") == "2001:db8:1:2::/64")
        #expect(AddressGroup.key("2001:db8::1") == "2001:db8:0:0::/64")
        #expect(AddressGroup.key("::1") == "0:0:0:0::/64")
    }

    // Issue 36: one address held every place with `ssh -N`; silent sockets from 48 addresses
    // crowded out real logins.

    @Test func oneAddressHoldsAtMostItsPlaces() {
        var limits = Self.limits(sessions: 10, pending: 10, perAddress: 10)
        limits.maxSessionsPerAddress = 2
        var admission = Admission(limits: limits)
        for id in 1...4 { _ = admission.connect(id: id, address: id <= 3 ? "a" : "b", now: 0) }
        #expect(admission.loggedIn(id: 1, now: 1) == .play)
        #expect(admission.loggedIn(id: 2, now: 1) == .play)
        #expect(admission.loggedIn(id: 3, now: 1) == .refused(.sessionsFromAddress(2)))
        #expect(admission.loggedIn(id: 4, now: 1) == .play)
        #expect(admission.playingCount == 3 && admission.pendingCount == 0)
        #expect(Admission.Refusal.sessionsFromAddress(2).message
                == "soma: 2 players from your address are connected already; please try again when one leaves")
        // One leaves: the address may take another place.
        admission.closed(id: 1)
        _ = admission.connect(id: 5, address: "a", now: 2)
        #expect(admission.loggedIn(id: 5, now: 2) == .play)
    }

    @Test func aPlaceWithNoSessionIsGivenBack() {
        var limits = Self.limits(sessions: 10, pending: 10, perAddress: 10)
        limits.seatGrace = 10
        var admission = Admission(limits: limits)
        for id in 1...2 {
            _ = admission.connect(id: id, address: "a", now: 0)
            #expect(admission.loggedIn(id: id, now: 0) == .play)
        }
        // 1 opens a session; 2 never does (ssh -N).
        admission.sessionOpened(id: 1)
        #expect(admission.idleSeats(now: 10) == [])
        #expect(admission.idleSeats(now: 10.5) == [2])
        // 1's session ends at 30: it has the grace again to open the next.
        #expect(admission.idleSeats(now: 30) == [2])
        admission.sessionClosed(id: 1, now: 30)
        #expect(admission.idleSeats(now: 40) == [2])
        #expect(admission.idleSeats(now: 40.5) == [1, 2])
        // Logins in progress and the overflow are not places.
        _ = admission.connect(id: 3, address: "b", now: 0)
        #expect(!admission.idleSeats(now: 100).contains(3))
    }

    @Test func silentLoginsGoFirstAndExpire() {
        var limits = Self.limits(pending: 4, perAddress: 4)
        limits.firstBytesSeconds = 5
        limits.silentGrace = 0.5
        var admission = Admission(limits: limits)
        // A real client (spoke at once) and three silent sockets from two addresses.
        #expect(admission.connect(id: 1, address: "a", now: 0) == .admitted(pushingOut: nil))
        admission.spoke(id: 1)
        for id in 2...3 { #expect(admission.connect(id: id, address: "b", now: 0) == .admitted(pushingOut: nil)) }
        #expect(admission.connect(id: 4, address: "c", now: 0.2) == .admitted(pushingOut: nil))
        // Full: the newcomer pushes out the oldest silent one of the address with most silent,
        // never the real client (the oldest of all, from the address holding as many).
        #expect(admission.connect(id: 5, address: "d", now: 1) == .admitted(pushingOut: 2))
        // A silent socket within its short grace is not dropped; then the old rule decides.
        admission.closed(id: 3)
        admission.closed(id: 4)
        #expect(admission.connect(id: 6, address: "e", now: 1.1) == .admitted(pushingOut: nil))
        #expect(admission.connect(id: 7, address: "f", now: 1.2) == .admitted(pushingOut: nil))
        // 5, 6, 7 silent but younger than 0.5 s; 1 holds as many as any: refused.
        #expect(admission.connect(id: 8, address: "g", now: 1.3) == .refused(.loginsInProgress(4)))
        // Silent past the first-bytes deadline: to close; the real client is not.
        #expect(admission.silent(now: 6.05) == [5])
        #expect(admission.silent(now: 6.25) == [5, 6, 7])
        admission.spoke(id: 6)
        #expect(admission.silent(now: 6.25) == [5, 7])
    }

    @Test func theEarlyDropFollowsMaxStartupsCurve() {
        var limits = Self.limits(pending: 10, perAddress: 10)
        limits.earlyDropStart = 4
        limits.earlyDropRate = 30
        final class Dice { var rolls: [Double] = [] }
        let dice = Dice()
        var admission = Admission(limits: limits) { dice.rolls.removeFirst() }
        for id in 1...4 { #expect(admission.connect(id: id, address: "s\(id)", now: 0) == .admitted(pushingOut: nil)) }
        // 4 in progress (the start): a 30 % chance. A roll of 0.31 keeps them, 0.29 drops the
        // oldest silent one.
        dice.rolls = [0.31]
        #expect(admission.connect(id: 5, address: "s5", now: 1) == .admitted(pushingOut: nil))
        admission.closed(id: 5)
        dice.rolls = [0.29]
        #expect(admission.connect(id: 6, address: "s6", now: 1) == .admitted(pushingOut: 1))
        dice.rolls = [0.99, 0.99, 0.99]
        for id in 7...9 { #expect(admission.connect(id: id, address: "s\(id)", now: 1) == .admitted(pushingOut: nil)) }
        // 7 in progress: 30 + 70 * 3/6 = 65 %.
        #expect(admission.pendingCount == 7)
        dice.rolls = [0.66]
        #expect(admission.connect(id: 10, address: "s10", now: 1) == .admitted(pushingOut: nil))
        admission.closed(id: 10)
        dice.rolls = [0.64]
        #expect(admission.connect(id: 11, address: "s11", now: 1) == .admitted(pushingOut: 2))
        // Only the silent are dropped: once all have spoken, no roll is taken and none goes.
        for id in [3, 4, 6, 7, 8, 9, 11] { admission.spoke(id: id) }
        #expect(admission.connect(id: 12, address: "s12", now: 2) == .admitted(pushingOut: nil))
        #expect(dice.rolls.isEmpty && admission.pendingCount == 8)
    }
}
