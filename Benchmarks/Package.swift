// swift-tools-version:6.1
// soma's benchmarks (`make bench`), kept in their own package so that `make test` and CI never
// build the benchmark tooling. Each folder here named `*Benchmarks` is one benchmark target.
import PackageDescription
import class Foundation.FileManager

let modules = ["Polycube", "Solver", "Gestures", "Scene", "Game"]
let here = #filePath.split(separator: "/").dropLast().joined(separator: "/")
let folders = ((try? FileManager.default.contentsOfDirectory(atPath: "/" + here)) ?? [])
    .filter { $0.hasSuffix("Benchmarks") }
    .sorted()

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
