import Benchmark
import Polycube
import Solver
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// One benchmark per row of the speed table in issue 2. Each counts a figure whose count is
/// published and stops the run if the count is wrong, so a fast wrong answer cannot pass.
let benchmarks: @Sendable () -> Void = {
    /// Counts the figure's solutions on both cores and checks the distinct number.
    @Sendable func count(_ figure: Figure, distinct: Int, threads: Int = 2) -> SolutionCount {
        do {
            let counted = try Solver(figure).count(threads: threads)
            precondition(counted.distinct == distinct, "\(figure.name): \(counted.distinct) distinct, expected \(distinct)")
            return counted
        } catch {
            preconditionFailure("\(figure.name): \(error)")
        }
    }

    // Instructions beside the times: steady on a shared, loaded machine where the times are not
    // (read through perf events; a machine that does not lend its counters reports none).
    let fast = Benchmark.Configuration(metrics: [.wallClock, .instructions], maxDuration: .seconds(5))
    let slow = Benchmark.Configuration(metrics: [.wallClock, .instructions], maxDuration: .seconds(120), maxIterations: 3)

    // The set-up a figure costs before its search starts (issue 37): one iteration makes the
    // solver of one classic Soma figure (placements, symmetries, plan tables), the figures in
    // turn, so the time and instructions per iteration are the per-figure set-up.
    Benchmark("Solver: set-up of one classic Soma figure (Solver(figure), no search)", configuration: fast) { benchmark in
        let figures = Catalog.figures.filter { $0.kind == .soma }.map(\.figure)
        for i in benchmark.scaledIterations {
            do {
                blackHole(try Solver(figures[i % figures.count]))
            } catch {
                preconditionFailure("\(figures[i % figures.count].name): \(error)")
            }
        }
    }
    // A figure file's whole set-up, as `soma solve FILE.soma` pays it per figure of yass's
    // suite: the text read (yass format, a piece pre-placed) and the solver made, no search.
    Benchmark("Solver: a yass figure read and set up (no search)", configuration: fast) { benchmark in
        let text = "ooo\nooo\nooo\n\nooo\nooo\nooo\n\n3oo\n33o\nooo\n"
        for _ in benchmark.scaledIterations {
            do {
                blackHole(try Solver(FigureReader.read(text: text, path: "cube.soma")))
            } catch {
                preconditionFailure("cube.soma: \(error)")
            }
        }
    }
    Benchmark("Solver: set-up of a 3x20 board (Solver(figure), no search)", configuration: fast) { benchmark in
        let board = BenchmarkFigures.board(3, 20)
        for _ in benchmark.scaledIterations {
            do { blackHole(try Solver(board)) } catch { preconditionFailure("3x20: \(error)") }
        }
    }

    Benchmark("Solver: Soma cube, 240 distinct", configuration: fast) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(count(BenchmarkFigures.somaCube, distinct: 240, threads: 1)) }
    }
    Benchmark("Solver: built-in figures, counted in one process", configuration: fast) { benchmark in
        for _ in benchmark.scaledIterations {
            for (figure, distinct) in BenchmarkFigures.classic { blackHole(count(figure, distinct: distinct, threads: 1)) }
        }
    }
    Benchmark("Solver: every classic Soma figure of the catalog, counted in one process", configuration: fast) { benchmark in
        let figures = Catalog.figures.filter { $0.kind == .soma }
        for _ in benchmark.scaledIterations {
            for entry in figures {
                let counted = count(entry.figure, distinct: BenchmarkFigures.somaCounts[entry.name] ?? -1, threads: 1)
                blackHole(counted)
            }
        }
    }
    // The four rectangles on one thread: the narrow-board rows of issue 14.
    for (width, height, distinct) in [(3, 20, 2), (4, 15, 368), (5, 12, 1010), (6, 10, 2339)] {
        Benchmark("Solver: pentominoes \(width)x\(height), \(distinct) distinct, one thread", configuration: fast) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(count(BenchmarkFigures.board(width, height), distinct: distinct, threads: 1))
            }
        }
    }
    Benchmark("Solver: pentominoes 6x10, 2339 distinct", configuration: fast) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(count(BenchmarkFigures.board(6, 10), distinct: 2339)) }
    }
    // 3x4x5 as 16 shards counted one after the other in one process (the partition worked out
    // by each, as separate machines would), against the plain count on one thread below.
    Benchmark("Solver: solid pentominoes 3x4x5, 16 shards in turn, one thread", configuration: slow) { benchmark in
        let figure = BenchmarkFigures.box("3x4x5", 3, 4, 5, .solidPentominoes)
        for _ in benchmark.scaledIterations {
            var distinct = 0
            do {
                for k in 0..<16 {
                    let solver = try Solver(figure)
                    distinct += try solver.count(shard: k, of: solver.partition(into: 16)).count.distinct
                }
            } catch {
                preconditionFailure("3x4x5 shards: \(error)")
            }
            precondition(distinct == 3940, "3x4x5 shards: \(distinct) distinct, expected 3940")
            blackHole(distinct)
        }
    }
    Benchmark("Solver: solid pentominoes 3x4x5, 3940 distinct, one thread", configuration: slow) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(count(BenchmarkFigures.box("3x4x5", 3, 4, 5, .solidPentominoes), distinct: 3940, threads: 1))
        }
    }
    // Whole processes of the release binary (`make bench` builds it first): what a user waits
    // for, start-up included, the rows of issue 14's table, as the issue gives them.
    // The last row: the 26 classic Soma figures counted in one process, as yass's suite is run
    // (many small figures, so set-up and start-up are most of it).
    let somaNames = BenchmarkFigures.somaCounts.keys.sorted()
    for arguments in [["--version"], ["solve", "cube", "--count"], ["solve", "3x20", "--count"],
                      ["solve", "4x15", "--count"], ["solve"] + somaNames + ["--count"]] {
        let title = arguments.count > 4 ? "solve (the \(arguments.count - 2) classic Soma figures) --count"
                                        : arguments.joined(separator: " ")
        Benchmark("Process: soma \(title), release binary", configuration: fast) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(ReleaseBinary.run(arguments)) }
        }
    }
    Benchmark("Solver: pentominoes 8x8 with centre hole, 65 distinct", configuration: fast) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(count(BenchmarkFigures.board8x8Hole, distinct: 65)) }
    }
    Benchmark("Solver: solid pentominoes 2x5x6, 264 distinct", configuration: slow) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(count(BenchmarkFigures.box("2x5x6", 2, 5, 6, .solidPentominoes), distinct: 264))
        }
    }
    Benchmark("Solver: solid pentominoes 3x4x5, 3940 distinct", configuration: slow) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(count(BenchmarkFigures.box("3x4x5", 3, 4, 5, .solidPentominoes), distinct: 3940))
        }
    }
    Benchmark("Solver: Bedlam cube, 19186 distinct", configuration: slow) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(count(BenchmarkFigures.box("bedlam", 4, 4, 4, .bedlam), distinct: 19186))
        }
    }
}

/// The benchmarked figures, built from their dimensions (until the catalog can be loaded here).
enum BenchmarkFigures {
    static func box(_ name: String, _ x: Int, _ y: Int, _ z: Int, _ set: PieceSet) -> Figure {
        var cells: [Cell] = []
        for k in 0..<z { for j in 0..<y { for i in 0..<x { cells.append(Cell(i, j, k)) } } }
        return Figure(name: name, cells: cells, pieceSet: set)
    }

    static func board(_ width: Int, _ height: Int) -> Figure {
        box("\(width)x\(height)", width, height, 1, .pentominoes)
    }

    static let somaCube = box("cube", 3, 3, 3, .soma)

    static let board8x8Hole = Figure(
        name: "8x8-hole",
        cells: board(8, 8).cells.filter { !((3...4).contains($0.x) && (3...4).contains($0.y)) },
        pieceSet: .pentominoes)

    /// The quick figures of other kinds with their published distinct counts, counted together.
    static let classic: [(Figure, Int)] = [
        (somaCube, 240), (board(3, 20), 2), (board(4, 15), 368), (box("2x3x10", 2, 3, 10, .solidPentominoes), 12),
    ]

    /// The distinct counts of the catalog's Soma figures, from the comments of
    /// `Resources/Figures/*.figure` (a name missing here fails the benchmark).
    static let somaCounts: [String: Int] = [
        "apartment-building": 41, "arch": 4, "bathtub": 79, "battleship": 1, "bed": 4, "canal": 294,
        "castle": 5, "chair": 130, "church": 7, "cornerstone": 5, "crystal": 1400, "cube": 240, "dog": 12,
        "duck": 335, "high-wall": 23, "poodle": 10, "pyramid": 7, "skyscraper": 916, "snake": 4,
        "steamer": 37, "throne": 179, "tower": 760, "tugboat": 658, "tunnel": 13, "wall": 52, "well": 160,
    ]
}

/// The release binary of the package this one sits in, run as a user runs it.
enum ReleaseBinary {
    /// `.build/release/soma` beside `Benchmarks/`, found from this file's path.
    static let path: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/.build/release/soma"
    }()

    /// Runs the binary with `arguments`, its output to /dev/null, and waits for it; stops the
    /// benchmark when it cannot start or fails, so a missing build cannot pass for a fast one.
    static func run(_ arguments: [String]) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, path, &actions, nil, argv, environ)
        precondition(started == 0, "cannot start \(path) (\(started)): build it with swift build -c release --product soma")
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        precondition(status == 0, "soma \(arguments.joined(separator: " ")) failed (wait status \(status))")
        return status
    }
}
