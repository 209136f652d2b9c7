// swift-tools-version:6.0
// The soma package: a terminal game and solver for polyform puzzles.
// Module map and the one-way data flow: docs/ARCHITECTURE.md.
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
        // SQLite compiled into the binary (saved progress), so a server needs nothing installed.
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
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
        // The player's files: figure files read from disk, the XDG places. Keeps Polycube pure.
        .target(name: "Files", dependencies: ["Polycube"]),
        .target(name: "Game", dependencies: ["Polycube", "Solver", "Gestures", "Scene"]),
        // ncurses for Swift, and the C state signal handlers share with the loop, defined once in
        // a .c file (see include/CNcurses.h for why it cannot be a header-only shim).
        .target(
            name: "CNcurses",
            linkerSettings: [.linkedLibrary("ncursesw")]),
        // The terminal knows no game: the executable adapts each screen (ScreenProgram).
        .target(name: "Terminal", dependencies: ["CNcurses", "Scene", "Gestures"]),
        .target(
            name: "Store",
            dependencies: ["Polycube", "Game", .product(name: "SQLiteNIO", package: "sqlite-nio")]),
        .executableTarget(
            name: "soma",
            dependencies: [
                "Polycube", "Solver", "Scene", "Game", "Terminal", "Files", "CNcurses", "Store",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The release binary carries the Swift runtime (what `--static-swift-stdlib` does), so
            // it runs where no toolchain is installed and starts without loading fourteen shared
            // libraries; it then needs only libc, libm, libstdc++, libgcc and ncurses (issue 17).
            // Here rather than in the Makefile so that a plain `swift build -c release` builds
            // the same binary. The debug build the tests use stays dynamic (faster to link).
            // - The three libraries FoundationEssentials.a needs are named: a static archive does
            //   not bring its own dependencies, and the link fails without them.
            // - --no-export-dynamic undoes the toolchain's -export-dynamic for static binaries
            //   (nothing loads plugins into soma): 1.2 MB less of symbol tables.
            linkerSettings: [
                .unsafeFlags(["-static-stdlib", "-Xlinker", "--no-export-dynamic"],
                             .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("swiftSynchronization", .when(platforms: [.linux], configuration: .release)),
            ]),
        .testTarget(name: "PolycubeTests", dependencies: ["Polycube"]),
        .testTarget(name: "SolverTests", dependencies: ["Solver", "Polycube"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "Polycube"], exclude: ["Snapshots"]),
        .testTarget(name: "GameTests", dependencies: ["Game"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "Game", "Polycube"]),
        .testTarget(name: "FilesTests", dependencies: ["Files", "Polycube"]),
        // Reads Sources/ to check the module map's import rules; depends on no module.
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "CNcurses", "Gestures", "Scene"]),
        // The executable's adapter between the terminal and the screens (ScreenProgram).
        .testTarget(name: "SomaTests", dependencies: ["soma", "Terminal", "Game", "Gestures", "Polycube", "Scene"]),
        // Drives the built `soma` binary in tmux; Game only to plan the keys that solve a figure
        // (SomaKeyPlanner, test support that the product does not ship), Store only to lay
        // several players' saves in one database (the hall of fame).
        .testTarget(name: "EndToEndTests", dependencies: ["Game", "Polycube", "Solver", "Store"]),
    ],
    swiftLanguageModes: [.v6]
)
