#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual exclusion lock for the solver's progress line and checkpoints, which worker threads
/// offer while the main thread waits. A POSIX mutex of our own rather than Foundation's `NSLock`,
/// which only full Foundation has (and full Foundation brings ICU, 60 MB, into the binary:
/// issue 17); `Synchronization.Mutex` would need macOS 15.
public final class Lock: @unchecked Sendable {
    /// Allocated once and never moved, as a pthread mutex must be.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }

    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Takes the lock if no one holds it; false (and no wait) if someone does.
    public func `try`() -> Bool { pthread_mutex_trylock(mutex) == 0 }
}
