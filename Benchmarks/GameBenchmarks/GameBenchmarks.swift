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
            blackHole(session.view(width: 120, height: 40, now: 0, style: .blocks256, lit: nil))
        }
    }
    // A hint as the terminal loop runs it (off the input path): the request `h` makes, steering
    // freely (the hint looks through the completions for a place that can be put in now), on
    // the cube and on skyscraper (of the catalog's Soma figures, the slowest to count 1000
    // completions of).
    for name in ["cube", "skyscraper"] {
        Benchmark("Game: hint from the start of \(name), assist off",
                  configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3))) { benchmark in
            var session = SomaSession(figure: try! Catalog.figure(named: name))
            session.assist = .off
            guard case .computeHint(let request)? = session.handle(.character("h"), now: 0).first else {
                fatalError("h asks for no hint")
            }
            for _ in benchmark.scaledIterations { blackHole(request.run()) }
        }
    }
    Benchmark("Game: open the 6x10 pentomino board and render the first frame (120x40)",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(3))) { benchmark in
        for _ in benchmark.scaledIterations {
            let session = PentominoSession(board: try! Catalog.figure(named: "6x10"))
            blackHole(session.view(width: 120, height: 40, now: 0, style: .blocks256, lit: nil))
        }
    }
}
