import Testing
@testable import SharedStore

/// `StoreService.Flag`, what the health check and new logins read: a probe's answer, found from
/// the state when the probe started, never overwrites what a write found meanwhile.
@Suite("the store's answering flag")
struct AnsweringFlagTests {
    @Test("a probe started while the database was away, ending after a save was written, leaves the flag up")
    func staleProbeDropped() {
        let flag = StoreService.Flag(false)
        let asked = flag.stamp               // a probe starts: the database is away
        flag.set(true)                       // a save is written meanwhile
        #expect(!flag.set(false, ifUnchangedSince: asked), "the probe's older answer is dropped")
        #expect(flag.value)
    }

    @Test("a probe with nothing set meanwhile sets the flag, either way; the stamp counts every setting")
    func freshProbeSets() {
        let flag = StoreService.Flag(true)
        let first = flag.stamp
        #expect(flag.set(false, ifUnchangedSince: first))
        #expect(!flag.value)
        let second = flag.stamp
        #expect(second == first + 1)
        #expect(flag.set(true, ifUnchangedSince: second))
        #expect(flag.value && flag.stamp == second + 1)
        // A write's failure after a probe began is newer too: the probe's "up" is dropped.
        let third = flag.stamp
        flag.set(false)
        #expect(!flag.set(true, ifUnchangedSince: third))
        #expect(!flag.value)
    }
}
