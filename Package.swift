// swift-tools-version:6.0
// The soma package: a terminal game and solver for polyform puzzles.
// Module map and the one-way data flow: ../shared/ARCHITECTURE.md.
import PackageDescription

let package = Package(
    name: "soma",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "soma", targets: ["soma"]),
        .library(name: "Polycube", targets: ["Polycube"]),
        .library(name: "Solver", targets: ["Solver"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "Scene", targets: ["Scene"]),
        .library(name: "Game", targets: ["Game"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The catalog's text files (Resources/) compiled into the binary; see Catalog.swift.
        .target(
            name: "PolycubeResources", path: "Resources",
            resources: [.embedInCode("Figures"), .embedInCode("Pieces")]),
        .target(name: "Polycube", dependencies: ["PolycubeResources"]),
        .target(name: "Solver", dependencies: ["Polycube"]),
        .target(name: "Gestures"),
        .target(name: "Scene", dependencies: ["Polycube"]),
        .target(name: "Game", dependencies: ["Polycube", "Solver", "Gestures", "Scene"]),
        .systemLibrary(
            name: "CNcurses", path: "Sources/CNcurses",
            providers: [.apt(["libncursesw5-dev"])]),
        // The terminal knows no game: the executable adapts each screen (ScreenProgram).
        .target(name: "Terminal", dependencies: ["CNcurses", "Scene", "Gestures"]),
        .executableTarget(
            name: "soma",
            dependencies: [
                "Polycube", "Solver", "Scene", "Game", "Terminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "PolycubeTests", dependencies: ["Polycube"]),
        .testTarget(name: "SolverTests", dependencies: ["Solver", "Polycube"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "Polycube"], exclude: ["Snapshots"]),
        .testTarget(name: "GameTests", dependencies: ["Game"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "Gestures", "Scene"]),
        // The executable's adapter between the terminal and the screens (ScreenProgram).
        .testTarget(name: "SomaTests", dependencies: ["soma", "Terminal", "Game", "Gestures", "Polycube", "Scene"]),
        // Drives the built `soma` binary in tmux; Game only to plan the keys that solve a figure
        // (SomaKeyPlanner, test support that the product does not ship).
        .testTarget(name: "EndToEndTests", dependencies: ["Game", "Polycube", "Solver"]),
    ],
    swiftLanguageModes: [.v6]
)
