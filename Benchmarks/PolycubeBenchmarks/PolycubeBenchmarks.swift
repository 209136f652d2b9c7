import Benchmark
import Polycube

/// Orientation generation runs whenever a solver or a game starts on a figure; it should stay
/// far below a millisecond so that starting a game never waits on it.
let benchmarks: @Sendable () -> Void = {
    Benchmark("Polycube: orientations of the 7 Soma pieces",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(2))) { benchmark in
        for _ in benchmark.scaledIterations {
            for piece in PieceSet.soma.pieces {
                blackHole(piece.shape.orientations())
            }
        }
    }
}
