import Files
import Solver

/// Writes checkpoints from the search's worker threads, at most once per interval: the solver
/// offers a snapshot every few thousand nodes, and this takes one only when the interval has
/// passed and no other thread is writing.
final class CheckpointWriter: @unchecked Sendable {
    private let file: CheckpointFile
    private let interval: Duration
    private let lock = Lock()
    private var last = ContinuousClock.now

    init(file: CheckpointFile, interval: Duration) {
        self.file = file
        self.interval = interval
    }

    func offer(_ snapshot: () -> [JobProgress]) {
        guard lock.try() else { return }
        defer { lock.unlock() }
        let now = ContinuousClock.now
        guard now - last >= interval else { return }
        last = now
        write(snapshot())
    }

    /// The final progress, written whatever the clock says.
    func save(_ jobs: [JobProgress]) {
        lock.lock(); defer { lock.unlock() }
        write(jobs)
    }

    private func write(_ jobs: [JobProgress]) {
        do {
            try file.write(jobs)
        } catch let error as CheckpointError {
            StandardStreams.printError("soma solve: checkpoint not saved: \(error.message)")
        } catch {
            StandardStreams.printError("soma solve: checkpoint not saved: \(error)")
        }
    }
}
