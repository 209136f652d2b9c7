#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Files

/// The progress line of a long search, drawn on stderr only when stderr is a terminal and only
/// once the search has run for half a second, so that short searches and pipes stay quiet.
/// Worker threads report as they finish jobs, not necessarily in order, so the line only moves
/// forward.
final class ProgressLine: @unchecked Sendable {
    private let name: String
    private let lock = Lock()
    private let start = ContinuousClock.now
    private let enabled = isatty(2) != 0
    private var shownPercent = -1

    init(name: String) {
        self.name = name
    }

    func show(_ fraction: Double) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        let percent = Int(fraction * 100)
        guard percent > shownPercent, ContinuousClock.now - start > .milliseconds(500) else { return }
        shownPercent = percent
        StandardStreams.writeError("\r\(name): \(percent)% searched")
    }

    func clear() {
        lock.lock(); defer { lock.unlock() }
        if shownPercent >= 0 { StandardStreams.writeError("\r\u{1B}[K") }
    }
}

extension Duration {
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
