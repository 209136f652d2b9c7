import Benchmark
import Gestures

/// The game's board for the benchmark: one piece covering columns 10–19, rows 5–9.
final class BenchmarkBoard: HitTester {
    let metrics = CellMetrics()
    func hitTest(_ p: GPoint) -> HitResult {
        let (c, r) = metrics.cell(p)
        return (10...19).contains(c) && (5...9).contains(r) ? HitResult(node: NodeID(1)) : .root
    }
}

/// A drag in progress on a piece through the full game graph (spec B9): the swipes, taps and the
/// camera pan have failed, the object pan is active, and each measured event is one mouse motion
/// that the manager delivers to every member and turns into a `changed` snapshot and action.
let benchmarks: @Sendable () -> Void = {
    Benchmark("Gestures: dispatch one touch move through the game graph",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(2))) { benchmark in
        let clock = ManualClock()
        let board = BenchmarkBoard()
        let manager = GestureManager(clock: clock, hitTester: board)
        let graph = GameGestureGraph(manager: manager, isPiece: { $0 == NodeID(1) })
        var moved = 0.0
        graph.objectPan.addAction { snapshot in
            if case let .pan(_, delta, _) = snapshot.values { moved += delta.x }
        }
        let touch = TouchID(1)
        let a = board.metrics.iso(col: 12, row: 7), b = board.metrics.iso(col: 13, row: 7)
        manager.handle([.began(touch, at: a)], at: .ms(0))
        manager.handle([.moved(touch, to: b)], at: .ms(300))  // slow: the swipes have failed
        var t: Int64 = 300
        var flip = false
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            t += 1
            flip.toggle()
            manager.handle([.moved(touch, to: flip ? a : b)], at: .ms(t))
        }
        benchmark.stopMeasurement()
        blackHole(moved)
        blackHole(graph.objectPan.state)
    }
}
