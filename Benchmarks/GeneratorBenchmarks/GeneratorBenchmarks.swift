import Benchmark
import Generator

/// Issue 26's bound: a unique figure (`soma generate --solutions 1`) in at most 2 s at the 95th
/// percentile on one core. Each iteration makes the figure of the next seed, so the percentiles
/// are over seeds (candidates drawn, counted and rejected until one has one solution), and
/// each figure is checked to have exactly one, so a fast wrong answer cannot pass.
let benchmarks: @Sendable () -> Void = {
    let configuration = Benchmark.Configuration(metrics: [.wallClock], maxDuration: .seconds(60), maxIterations: 200)
    // Outside the closures, which run once per iteration.
    let seeds = SeedCounter(), days = SeedCounter()

    Benchmark("Generator: a unique figure, one thread, a new seed each iteration", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let seed = seeds.next()
            guard case .success(let figure) = try? FigureGenerator.generate(GenerationRequest(solutions: 1), seed: seed),
                  figure.count.distinct == 1 else { preconditionFailure("seed \(seed): no unique figure") }
            blackHole(figure)
        }
    }
    Benchmark("Generator: the daily figure of a day", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let day = PuzzleDay(dayNumber: 20_000 + Int(days.next()))
            blackHole(try? DailyRule.figure(for: day).get())
        }
    }
}

/// The next seed, across the iterations of a run (the benchmark calls the closure once per
/// iteration).
private final class SeedCounter: @unchecked Sendable {
    private var value: UInt64 = 0
    func next() -> UInt64 { value += 1; return value }
}
