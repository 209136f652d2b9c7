import Foundation
import Testing
@testable import Server
#if canImport(Glibc)
import Glibc
#endif

/// `StopSignals`: a signal sent to the process the moment `install` returns reaches the action. With
/// `DispatchSource.makeSignalSource` (what the server used before) the same signal was lost 49
/// times in 50 (registered later, on libdispatch's thread, while the signal was ignored): a
/// SIGTERM sent as soon as "listening on" was logged left a loaded CI machine's server running.
/// SIGUSR2 here, so the test process keeps its own SIGTERM.
@Suite struct StopSignalsTests {
    @Test("a signal sent right after install reaches the action, once per signal")
    func signalRightAfterInstall() throws {
        let arrived = DispatchSemaphore(value: 0)
        try StopSignals.install([SIGUSR2]) { arrived.signal() }
        for _ in 0..<3 {
            #expect(kill(getpid(), SIGUSR2) == 0)   // to the process, as kill(1) sends it
            #expect(arrived.wait(timeout: .now() + 10) == .success)
        }
        #expect(arrived.wait(timeout: .now() + 0.05) == .timedOut, "a signal called the action twice")
    }
}
