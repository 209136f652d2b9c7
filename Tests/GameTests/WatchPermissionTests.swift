import Testing
@testable import Game

/// The game's side of watching: the player's key, the notes to and from the server, and what
/// the bottom line says.
@Suite struct WatchPermissionTests {
    @Test func offAtStartTheKeyTogglesItAndTellsTheServer() {
        var watch = WatchPermission(host: .served)
        #expect(!watch.allowed && watch.status == nil)
        #expect(watch.toggle(name: "Ann") == "watch on Ann")
        #expect(watch.allowed)
        #expect(watch.status == "others may watch (Ann); W stops")
        // Someone comes: the whole screen is painted again for them, and the line says so.
        #expect(watch.receive("watchers 1") == .repaint)
        #expect(watch.status == "1 person is watching you")
        #expect(watch.receive("watchers 2") == .repaint)
        #expect(watch.status == "2 people are watching you")
        #expect(watch.receive("watchers 1") == .none)
        #expect(watch.status == "1 person is watching you")
        #expect(watch.toggle(name: "Ann") == "watch off")
        #expect(!watch.allowed && watch.watchers == 0 && watch.status == nil)
        // A note while not allowed (a player can type one) changes nothing.
        #expect(watch.receive("watchers 3") == .none)
        #expect(watch.watchers == 0 && watch.status == nil)
    }

    @Test func withoutANameAsAGuestOrLocallyTheKeySaysWhy() {
        var named = WatchPermission(host: .served)
        #expect(named.toggle(name: nil) == nil)
        #expect(named.status == "choose a display name first (n): others watch you by it")
        #expect(!named.allowed)
        var guest = WatchPermission(host: .guest)
        #expect(guest.toggle(name: "x") == nil)
        #expect(guest.status == "a guest cannot be watched: connect with an SSH key")
        var local = WatchPermission(host: .local)
        #expect(local.toggle(name: "Ann") == nil)
        #expect(local.status == "watching is for games on a soma serve server")
        local.notice = nil
        #expect(local.status == nil)
    }

    @Test func notesThatAreNotCountsAreIgnored() {
        var watch = WatchPermission(host: .served)
        _ = watch.toggle(name: "Ann")
        for note in ["watchers", "watchers x", "watchers -1", "watchers 99999", "viewers 2", "watchers 1 2", ""] {
            #expect(watch.receive(note) == .none)
        }
        #expect(watch.watchers == 0)
    }

    @Test func theKeyIsInTheTableAndRemappable() throws {
        #expect(SomaKeyMap.action(for: .character("W")) == .watching)
        var session = SomaSession(game: SomaGame(figure: Fixtures.cube))
        #expect(session.handle(.character("W"), now: 0) == [.toggleWatching])
        try session.remapKeys([.character("W"): .character("V")])
        #expect(session.handle(.character("V"), now: 0) == [.toggleWatching])
    }
}
