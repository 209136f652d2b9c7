import Benchmark
import Game
import Polycube
import Scene

/// The pure part of "time from start to the first frame": loading the catalog figure, laying
/// out the pieces and rendering the first screen. The terminal's own set-up (newterm, modes)
/// comes on top; the end-to-end figure is measured by the terminal tests.
let benchmarks: @Sendable () -> Void = {
    Benchmark("Game: open the Soma cube and render the first frame (120x40, blocks)",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3))) { benchmark in
        for _ in benchmark.scaledIterations {
            var session = SomaSession(figure: try! Catalog.figure(named: "cube"))
            session.resize(width: 120, height: 40)
            blackHole(session.view(width: 120, height: 40, now: 0, style: .blocks256))
        }
    }
    Benchmark("Game: open the 6x10 pentomino board and render the first frame (120x40)",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3))) { benchmark in
        for _ in benchmark.scaledIterations {
            let session = PentominoSession(board: try! Catalog.figure(named: "6x10"))
            blackHole(session.view(width: 120, height: 40, now: 0, style: .blocks256))
        }
    }
}
