import CNcurses
import Foundation
import Testing

/// The C side's signal flags, seen from Swift: a real signal raised in this process sets the one
/// flag the app loop polls, and taking it clears it. (The release binary once had two copies of
/// the flags, one per object file that inlined a header; `SignalTests` in EndToEndTests checks
/// the built binaries themselves.)
@Suite("signal flags in C", .serialized)
struct SignalFlagTests {
    @Test("a delivered signal sets its flag once; taking it clears it; other flags stay clear")
    func deliveredSignalIsTakenOnce() {
        // Test threads may block signals; let SIGUSR1 through on this one while the test runs.
        var usr1 = sigset_t(), previous = sigset_t()
        sigemptyset(&usr1)
        sigaddset(&usr1, SIGUSR1)
        pthread_sigmask(SIG_UNBLOCK, &usr1, &previous)
        #expect(cn_install_flag_handler(SIGUSR1) == 0)
        defer {
            cn_default_handler(SIGUSR1)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        #expect(cn_take_signal(SIGUSR1) == 0)
        raise(SIGUSR1)
        #expect(cn_take_signal(SIGUSR2) == 0)
        #expect(cn_take_signal(SIGUSR1) == 1)
        #expect(cn_take_signal(SIGUSR1) == 0)
    }

    @Test("numbers outside the table are refused, not written")
    func outOfRange() {
        cn_raise_flag(0)
        cn_raise_flag(65)
        cn_raise_flag(-1)
        #expect(cn_take_signal(0) == 0)
        #expect(cn_take_signal(65) == 0)
        #expect(cn_take_signal(-1) == 0)
    }
}
