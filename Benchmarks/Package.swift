// swift-tools-version:6.1
// soma's benchmarks (`make bench`), kept in their own package so that `make test` and CI never
// build the benchmark tooling. Each folder listed below is one benchmark target.
import PackageDescription

let modules = ["Polycube", "Solver", "Generator", "Gestures", "Scene", "Game"]
// One benchmark target per folder. Listed by hand: SwiftPM caches the manifest's evaluation, so
// a listing computed from the directory would not see a folder added later.
let folders = ["GameBenchmarks", "GeneratorBenchmarks", "GestureBenchmarks", "PolycubeBenchmarks", "SceneBenchmarks", "SolverBenchmarks", "StartupBenchmarks"]

let package = Package(
    name: "soma-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "soma", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: folders.map { folder in
        .executableTarget(
            name: folder,
            dependencies: [.product(name: "Benchmark", package: "benchmark")]
                + modules.map { .product(name: $0, package: "soma") },
            path: folder,
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")])
    }
)
