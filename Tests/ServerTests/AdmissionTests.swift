import Testing
@testable import Server

/// Who gets a place, decided from counts and the clock (passed in): the rules behind issue 23's
/// lock-out (idle sockets filled every place) and the command caps, step by step.
@Suite struct AdmissionTests {
    static func limits(sessions: Int = 4, pending: Int = 6, perAddress: Int = 3) -> Admission.Limits {
        Admission.Limits(maxSessions: sessions, maxPendingLogins: pending, maxPendingPerAddress: perAddress,
                         connectionsPerMinute: 1000, maxOverflow: 2, pushOutGrace: 2)
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
        // "a" is older, but "b" holds three: b's oldest goes.
        #expect(admission.connect(id: 5, address: "c", now: 3.1) == .admitted(pushingOut: 2))
        // Now b holds two, a and c one each. A second from a would tie with b, and b's oldest is
        // within its grace: refused. From a fresh address, b's oldest goes.
        #expect(admission.connect(id: 6, address: "a", now: 3.2) == .refused(.loginsInProgress(4)))
        #expect(admission.connect(id: 7, address: "d", now: 3.2) == .admitted(pushingOut: 3))
        // One each now: the oldest of all, past its grace, goes.
        #expect(admission.connect(id: 8, address: "b", now: 3.3) == .admitted(pushingOut: 1))
    }

    @Test func youngLoginsOfEqualAddressesAreNotPushedOut() {
        var admission = Admission(limits: Self.limits(pending: 3, perAddress: 3))
        for (id, address) in [(1, "a"), (2, "b"), (3, "c")] {
            #expect(admission.connect(id: id, address: address, now: 10) == .admitted(pushingOut: nil))
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
}
