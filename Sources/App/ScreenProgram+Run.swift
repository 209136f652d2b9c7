import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Terminal

extension ScreenProgram {
    /// Runs the program on `session` until it quits: progress is written through `saved`
    /// whenever the program asks and at every exit; then exits as the loop and the last save
    /// say. `soma play` and `soma pento` end the same way. Answers the program as it ended
    /// (`soma daily` reads what was solved and the hints asked). `afterSave` runs after every
    /// save, while the game is still open: a day's solve is kept the moment it is saved, so
    /// `soma daily --share` in another terminal finds it before this game ends.
    @discardableResult
    public func run(in session: TerminalSession, saving saved: SavedProgress,
                    afterSave: ((Self) -> Void)? = nil) throws -> Self {
        // The start-up benchmark's runs end at the first frame (Benchmarks/StartupBenchmarks).
        let firstFrameOnly = getenv("SOMA_BENCHMARK_FIRST_FRAME") != nil
        let (ended, outcome) = AppLoop.run(self, in: session, firstFrameOnly: firstFrameOnly) { program in
            let problem = saved.save(program.progressToSave)
            afterSave?(program)
            return problem
        }
        let failed = saved.finish()
        if outcome.exitStatus != 0 { throw ExitCode(outcome.exitStatus) }
        if let failed { throw ExitCode(failed) }
        return ended
    }
}
