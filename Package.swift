// swift-tools-version:6.0
// The soma package: a terminal game and solver for polyform puzzles.
// Module map and the one-way data flow: docs/ARCHITECTURE.md.
import PackageDescription

// The modules `soma solve` runs through reach a generic type's metadata, in release builds, by
// its accessor rather than by a mangled name that the runtime demangles at first use: about 10K
// instructions a type, and some forty types (arrays of the solver's values and tuples) in
// `soma solve 3x20 --count`, a sixth of its instructions, on pages of the runtime's demangler
// that a run then need not touch (issue 37). The game's own modules on the way to `soma play`'s
// first frame (Gestures, Scene, Game, Terminal, Store, App) take them too (issue 35: a login's
// start-up; a dictionary of Gestures' and the Scene's canvases were found by name, each a search
// of every protocol conformance in the binary for its Hashable or Sequence). The tests' debug
// build keeps the default.
let solvePathSettings: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"],
                 .when(configuration: .release)),
]

let package = Package(
    name: "soma",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "soma", targets: ["SomaMain"]),
        // `soma serve` execs it: the SSH server in a binary of its own (docs/ARCHITECTURE.md).
        .executable(name: "soma-server", targets: ["SomaServerMain"]),
        .library(name: "Polycube", targets: ["Polycube"]),
        .library(name: "Solver", targets: ["Solver"]),
        .library(name: "Gestures", targets: ["Gestures"]),
        .library(name: "Scene", targets: ["Scene"]),
        .library(name: "Game", targets: ["Game"]),
        .library(name: "Generator", targets: ["Generator"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `soma serve`: the game over SSH, with no shell account (issue 17).
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        // Named for their products the server uses directly (NIOPosix's sockets and pipes, the
        // host key and fingerprints); both already come with swift-nio-ssh.
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // `soma serve --metrics`: the server counts through swift-metrics' API and serves the
        // values in Prometheus' text format; only soma-server links them, never the game.
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // `soma serve --database postgres://...`: many servers share one PostgreSQL. Linked into
        // soma-server only (the SharedStore module), never into the game.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // swift-log: the server's log (`ServerLog`, `ServerLogHandler`) and the logger
        // postgres-nio's transactions take. 1.16 for `LogHandler.log(event:)`.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
    ],
    targets: [
        // The catalog's text files (Resources/) compiled into the binary; see Catalog.swift.
        .target(
            name: "PolycubeResources", path: "Resources",
            resources: [.embedInCode("Figures"), .embedInCode("Pieces")],
            swiftSettings: solvePathSettings),
        .target(name: "Polycube", dependencies: ["PolycubeResources"], swiftSettings: solvePathSettings),
        .target(name: "Solver", dependencies: ["Polycube"], swiftSettings: solvePathSettings),
        // New Soma figures with a known number of solutions, graded; ids; the daily figure.
        .target(name: "Generator", dependencies: ["Polycube", "Solver"]),
        .target(name: "Gestures", swiftSettings: solvePathSettings),
        .target(name: "Scene", dependencies: ["Polycube"], swiftSettings: solvePathSettings),
        // The player's files: figure files read from disk, the XDG places. Keeps Polycube pure.
        .target(name: "Files", dependencies: ["Polycube"]),
        // The player's records as values (progress, solves, saved positions, hall of fame, daily
        // results) and their checks: below the game, so the stores keep them without it.
        .target(name: "Records", dependencies: ["Polycube"]),
        .target(name: "Game", dependencies: ["Polycube", "Solver", "Gestures", "Scene", "Records"],
                swiftSettings: solvePathSettings),
        // ncurses for Swift, and the C state signal handlers share with the loop, defined once in
        // a .c file (see include/CNcurses.h for why it cannot be a header-only shim).
        .target(
            name: "CNcurses",
            // tinfo after ncursesw: the static link (release, Package.swift's soma target) needs
            // the order, as archives do not bring their own dependencies.
            // `--wrap`: ncurses' formatting of colour and cursor strings goes through a cache
            // (tparm_cache.c: 5.4M instructions of a login's first frame, issue 35), and its
            // writes through a hold that sends a frame in one piece (output_hold.c: 54 writes to
            // the terminal for the first frame, each a packet over SSH).
            linkerSettings: [
                .linkedLibrary("ncursesw"), .linkedLibrary("tinfo"),
                .unsafeFlags(["-Xlinker", "--wrap=_nc_tiparm", "-Xlinker", "--wrap=write"], .when(platforms: [.linux])),
            ]),
        // The terminal knows no game: the executable adapts each screen (ScreenProgram).
        .target(name: "Terminal", dependencies: ["CNcurses", "Scene", "Gestures"], swiftSettings: solvePathSettings),
        // SQLite's C library from the system (libsqlite3-dev, `make deps`), linked statically into
        // the release binary like ncurses, so a player or a server needs nothing installed. Not
        // sqlite-nio: its event loop was the game's only use of SwiftNIO, a third of a first
        // `make run` and part of every login's start-up, for calls that take microseconds.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .target(
            name: "Store",
            dependencies: ["Polycube", "Files", "Records", "CSQLite"],
            swiftSettings: solvePathSettings),
        // `soma serve`: SSH, one PTY and child game process per session, the limits. It knows no
        // game: the executable tells it which command lines a session may run.
        .target(
            name: "Server",
            dependencies: [
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Option values both executables read (`WholeNumber` within bounds) and their one way
        // out for a usage mistake: soma and soma-server link it, so neither links the other's.
        .target(
            name: "CommandOptions",
            dependencies: ["Files", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        // `soma solve`'s jobs: a request's run, checkpoints, shard lines and their merge's
        // reader, the picture options; the fuzzer builds it to reach the readers.
        .target(
            name: "SolveJobs",
            dependencies: [
                "Polycube", "Solver", "Scene", "Files", "CommandOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: solvePathSettings),
        // The app: the screen program (a midend on a terminal), appearance and settings, and the
        // store wiring (saved progress, the hall of fame's board, the day's record).
        .target(
            name: "App",
            dependencies: [
                "Polycube", "Solver", "Scene", "Gestures", "Game", "Records", "Terminal", "Files", "Store", "Generator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: solvePathSettings),
        // The `soma` command line: its commands only (Sources/soma/*Command.swift, Soma.swift). A
        // library, so that the tests link it without the executable's static link flags below (a
        // test bundle cannot be a static executable, and `make test` builds the tests in release).
        .target(
            name: "soma",
            dependencies: [
                "Polycube", "Solver", "Scene", "Game", "Records", "Terminal", "Files", "CNcurses", "Store", "Generator",
                "App", "SolveJobs", "CommandOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: solvePathSettings),
        // The `soma` executable: the process's entry point alone (Sources/SomaMain/main.swift).
        .executableTarget(
            name: "SomaMain",
            dependencies: ["soma"],
            swiftSettings: solvePathSettings,
            // The release binary is fully static (`-static-executable`): the Swift runtime, the
            // C and C++ libraries and ncurses are linked in, so it runs where no toolchain is
            // installed (issue 17) on any x86_64 or arm64 Linux, and it starts with nothing for
            // the dynamic loader to do (issue 14): `soma --version` takes as long as
            // `/bin/true`. Measured on the same objects (hyperfine, 1000 runs): dynamic libc,
            // libstdc++ and ncurses 2.1-2.4 ms, of which loading and relocating libstdc++.so
            // 0.5 ms and applying the position-independent executable's 56,000 relocations
            // another 0.5; fully static 0.6 ms. The price is a fixed load address (no ASLR for
            // the executable's own image; its stack, heap and mappings still move), as with Go's
            // binaries; soma listens on no socket (the SSH server, `soma-server`, stays a
            // position-independent executable). glibc's user-database calls (getpwuid) would
            // need the system's NSS libraries at run time: soma finds its folders from the
            // environment (XDGPaths) and asks the user database only where HOME is unset.
            // Here rather than in the Makefile so that a plain `swift build -c release` builds
            // the same binary. The debug build the tests use stays dynamic (faster to link).
            // - The libraries FoundationEssentials.a needs are named (ncurses's, by CNcurses): a static
            //   archive does not bring its own dependencies, and the link fails without them.
            // - gold writes the binary with one write (`--no-mmap-output-file`), not through a
            //   mapping of the file page by page: the kernel then keeps the file in its page
            //   cache in pieces as large as the writes, 2 MB ones it maps whole, and every run
            //   faults the 14 MB of code in a dozen times rather than eighty, page-sized pieces
            //   mapped 64 KB at a time (`soma solve 3x20 --count`: 205 -> 127 page faults, the
            //   same bytes written both ways; issue 37). Only a fresh file gains: a copy keeps
            //   the pieces of its writes, and `install -s` writes small ones.
            linkerSettings: [
                .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
                .unsafeFlags(["-Xlinker", "--no-mmap-output-file"], .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCShims", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("_FoundationCollections", .when(platforms: [.linux], configuration: .release)),
                .linkedLibrary("swiftSynchronization", .when(platforms: [.linux], configuration: .release)),
            ]),
        // The SSH server's executable (`soma serve` runs it). swift-nio-ssh needs
        // NIOFoundationCompat, which brings full Foundation, CoreFoundation and ICU's data: linked
        // statically too, so the server also runs where no toolchain is, but kept out of `soma`,
        // which stays small and quick to start. Static archives do not bring their own
        // dependencies, hence the list, in link order (a library before those it uses).
        // `soma serve --database`: the games' saves arrive through their server (a descriptor per
        // session, `StoreLine`) and are written to PostgreSQL; linked into soma-server only.
        .target(
            name: "SharedStore",
            dependencies: [
                "Store", "Records", "Polycube",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // `soma-server`'s command line (`ServeCommand`), a library for the tests' sake as `soma` is.
        .target(
            name: "SomaServer",
            dependencies: [
                "Server", "Polycube", "Files", "SharedStore", "CommandOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The `soma-server` executable: its entry point alone (Sources/SomaServerMain/main.swift).
        .executableTarget(
            name: "SomaServerMain",
            dependencies: ["SomaServer"],
            linkerSettings: [
                .unsafeFlags(["-static-stdlib", "-Xlinker", "--no-export-dynamic"],
                             .when(platforms: [.linux], configuration: .release)),
            ] + ["Foundation", "FoundationInternationalization", "FoundationEssentials", "CoreFoundation",
                 "_FoundationICU", "_FoundationCShims", "_FoundationCollections", "swiftSynchronization",
                 "swiftDispatch", "dispatch", "BlocksRuntime"].map {
                .linkedLibrary($0, .when(platforms: [.linux], configuration: .release))
            }),
        .testTarget(name: "PolycubeTests", dependencies: ["Polycube"]),
        .testTarget(name: "SolverTests", dependencies: ["Solver", "Polycube"]),
        .testTarget(name: "GeneratorTests", dependencies: ["Generator", "Solver", "Polycube"]),
        .testTarget(name: "GesturesTests", dependencies: ["Gestures"]),
        .testTarget(name: "SceneTests", dependencies: ["Scene", "Polycube"], exclude: ["Snapshots"]),
        .testTarget(name: "RecordsTests", dependencies: ["Records"]),
        .testTarget(name: "GameTests", dependencies: ["Game", "Records"]),
        .testTarget(name: "StoreTests", dependencies: ["Store", "Records", "Game", "Polycube", "Solver"]),
        // NIOEmbedded: the server's handlers unit-tested on `EmbeddedChannel` (bytes in, bytes out).
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "Server", "Polycube",
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Solver for a real solution of the cube (a forged solve is refused, a real one kept).
        .testTarget(
            name: "SharedStoreTests",
            dependencies: [
                "SharedStore", "Store", "Records", "Game", "Polycube", "Solver",
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .testTarget(name: "FilesTests", dependencies: ["Files", "Polycube"]),
        // Reads Sources/ to check the module map's import rules; depends on no module.
        .testTarget(name: "ArchitectureTests"),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "CNcurses", "Gestures", "Polycube", "Scene"]),
        // The app's adapter between the terminal and the screens (ScreenProgram), the solve
        // jobs' readers, the executable's command line.
        .testTarget(name: "SomaTests", dependencies: ["soma", "App", "SolveJobs", "Terminal", "CNcurses", "Game", "Gestures", "Polycube", "Scene"]),
        // What `ssh HOST COMMAND` may run (ServeExec, in the server's executable).
        .testTarget(name: "SomaServerTests", dependencies: ["SomaServer", "Server", .product(name: "Logging", package: "swift-log")]),
        // Drives the built `soma` binary in tmux; Game only to plan the keys that solve a figure
        // (SomaKeyPlanner, test support that the product does not ship), Store only to lay
        // several players' saves in one database (the hall of fame), NIOSSH for the load and
        // bad-client tests' own client (dozens of sessions, sizes and floods the OpenSSH client
        // cannot make on cue), SharedStore to drive PostgresStore against the tests' own
        // PostgreSQL (a save applied once whatever its tries).
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "Game", "Polycube", "Solver", "Store", "SharedStore",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// The tests unoptimised in every build: `make test` builds them in a release build (one build
// for the binaries and the tests: Makefile), where optimising thirty thousand lines of tests
// would buy nothing and cost minutes. The products are not affected.
for target in package.targets where target.type == .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"], .when(configuration: .release))]
}
