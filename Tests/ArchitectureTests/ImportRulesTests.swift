import Foundation
import Testing

/// The module map of docs/ARCHITECTURE.md, checked against the sources: every module imports
/// only what its row allows, so data keeps flowing one way, and the pure modules use no file,
/// environment or clock API. Read from the source text (the `import` lines), not from
/// Package.swift, since a target may list a dependency it does not use but cannot use one it
/// does not import.
@Suite struct ImportRulesTests {
    /// One row of the map.
    struct Rule: Sendable, CustomTestStringConvertible {
        var module: String
        /// Modules of this package it may import.
        var mayImport: Set<String>
        /// Modules of the toolchain and platform it may import (libm, Dispatch, Foundation...).
        var system: Set<String> = []
        /// Pure: no terminal, no files, no environment, no wall clock.
        var pure = false
        /// Imports that break the rule today and are being removed; reported as a known issue,
        /// so the test goes red (the known issue no longer happens) the day they are gone:
        /// then delete this field.
        var pending: Set<String> = []
        var pendingReason = ""

        var testDescription: String { module }
    }

    static let libm: Set<String> = ["Glibc", "Darwin", "Musl"]
    /// Foundation is imported as FoundationEssentials where the platform has it (Linux), with
    /// full Foundation the fallback (macOS): full Foundation links ICU into the static binary
    /// (issue 17), which `InstalledBinaryTests` checks by the binary's size.
    static let foundation: Set<String> = ["FoundationEssentials", "Foundation"]

    static let rules: [Rule] = [
        // The catalog's text files are compiled into PolycubeResources, a part of Polycube.
        Rule(module: "Polycube", mayImport: ["PolycubeResources"], pure: true),
        Rule(module: "Solver", mayImport: ["Polycube"], system: ["Dispatch"], pure: true),
        Rule(module: "Generator", mayImport: ["Polycube", "Solver"], pure: true),
        Rule(module: "Gestures", mayImport: [], pure: true),
        // libm for the camera's sines (see Scene/Trigonometry.swift).
        Rule(module: "Scene", mayImport: ["Polycube"], system: libm, pure: true),
        // The player's records as values, below the game: Foundation for Progress's JSON coding
        // only (the file is written by the executable).
        Rule(module: "Records", mayImport: ["Polycube"], system: foundation, pure: true),
        // libm for the rotation gesture's atan2 (CameraRig). Records are re-exported: part of
        // the game's public face.
        Rule(module: "Game", mayImport: ["Polycube", "Solver", "Gestures", "Scene", "Records"], system: foundation | libm, pure: true),
        Rule(module: "Terminal", mayImport: ["CNcurses", "Scene", "Gestures"],
             system: ["Dispatch", "Synchronization"] | foundation | libm),
        // The C library to read files (open, read, stat).
        Rule(module: "Files", mayImport: ["Polycube"], system: foundation | libm),
        // SQLite (sqlite-nio compiles it in); the C library for link(2), errno and signal masks.
        // The records, never the game: a saved position is checked as data (`ProgressCheck`).
        Rule(module: "Store", mayImport: ["Polycube", "Files", "Records"], system: ["CSQLite"] | foundation | libm),
        // SSH (swift-nio-ssh over NIO), the host key and fingerprints (Crypto), Data's base64 from
        // FoundationEssentials, signals by Dispatch, the C library for PTYs and processes. It
        // knows no game and no module of ours. Metrics: swift-metrics' API over a Prometheus
        // registry, served over HTTP (NIOHTTP1). Logs: swift-log's API (Logging) over a handler of
        // its own.
        Rule(module: "Server", mayImport: [],
             system: ["NIOSSH", "NIOCore", "NIOPosix", "NIOHTTP1", "Crypto", "Dispatch", "CoreMetrics", "Prometheus", "Logging"]
                 | foundation | libm),
        // Option values both executables read, and their one way out for a usage mistake.
        Rule(module: "CommandOptions", mayImport: ["Files"], system: ["ArgumentParser"]),
        // `soma solve`'s jobs: requests, checkpoints, shard lines, pictures of solutions.
        Rule(module: "SolveJobs", mayImport: ["Polycube", "Solver", "Scene", "Files", "CommandOptions"],
             system: ["ArgumentParser"] | foundation | libm),
        // The app: the screen program over the terminal, appearance, the store wiring.
        Rule(module: "App", mayImport: ["Polycube", "Solver", "Gestures", "Scene", "Game", "Records", "Terminal", "Files", "Store", "Generator"],
             system: ["Dispatch", "ArgumentParser"] | foundation | libm),
        // The command line: its commands (`ExecutableFolderTests` checks the folder holds only them).
        Rule(module: "soma", mayImport: ["Polycube", "Solver", "Scene", "Game", "Records", "Terminal", "Files", "CNcurses", "Store",
                                         "Generator", "App", "SolveJobs", "CommandOptions"],
             system: ["Dispatch", "ArgumentParser"] | foundation | libm),
        // The executables: each its entry point alone, calling its command line's library.
        Rule(module: "SomaMain", mayImport: ["soma"], system: []),
        Rule(module: "SomaServerMain", mayImport: ["SomaServer"], system: []),
        // The server's command line, and the catalog names `ssh HOST solve` takes;
        // the shared store when given `--database`; `--log-level` (Logging's levels).
        Rule(module: "SomaServer", mayImport: ["Server", "Polycube", "Files", "SharedStore", "CommandOptions"],
             system: ["ArgumentParser", "Logging"] | foundation | libm),
        // `soma serve --database`: the games' store lines answered, PostgreSQL (postgres-nio, its
        // logger) written; the Store's wire values and checks. Linked into soma-server only.
        Rule(module: "SharedStore", mayImport: ["Store", "Records", "Polycube"],
             system: ["PostgresNIO", "Logging", "NIOCore", "NIOPosix", "Dispatch"] | foundation | libm),
    ]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The Swift files of a module, with their text.
    static func files(of module: String) throws -> [(path: String, text: String)] {
        let folder = sources.appendingPathComponent(module)
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var found: [(String, String)] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let path = folder.appendingPathComponent(relative).path
            found.append(("\(module)/\(relative)", try String(contentsOfFile: path, encoding: .utf8)))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// The module named by an `import` declaration on `line`, if it is one: plain, `@testable`,
    /// `internal import`, `import struct M.T` and the like.
    static func importedModule(_ line: Substring) -> String? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true)[...]
        while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "fileprivate", "private"].contains(first) {
            words = words.dropFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        words = words.dropFirst()
        if ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"].contains(words.first!), words.count >= 2 {
            words = words.dropFirst()
        }
        return words.first.map { String($0.split(separator: ".")[0]) }
    }

    static func imports(of module: String) throws -> [(place: String, module: String)] {
        try files(of: module).flatMap { file in
            file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { n, line in
                importedModule(line.drop { $0 == " " }).map { ("\(file.path):\(n + 1)", $0) }
            }
        }
    }

    @Test("every module imports only what the map allows", arguments: rules)
    func importsFollowTheMap(_ rule: Rule) throws {
        let found = try Self.imports(of: rule.module)
        #expect(!found.isEmpty || rule.mayImport.isEmpty, "no sources read for \(rule.module)")
        for (place, module) in found where !rule.mayImport.contains(module) && !rule.system.contains(module) {
            let message = Comment(rawValue: "\(place): \(rule.module) imports \(module); it may import "
                                  + (rule.mayImport.sorted() + rule.system.sorted()).joined(separator: ", "))
            if rule.pending.contains(module) {
                withKnownIssue(Comment(rawValue: rule.pendingReason)) { Issue.record(message) }
            } else {
                Issue.record(message)
            }
        }
        // A pending exception that no longer happens is a rule to tighten.
        for module in rule.pending where !found.contains(where: { $0.module == module }) {
            Issue.record("\(rule.module) no longer imports \(module): remove it from `pending`")
        }
    }

    /// Full Foundation only as the fallback of `#if canImport(FoundationEssentials)` (macOS): a
    /// plain `import Foundation` on Linux links ICU and CoreFoundation into the static release
    /// binary, which then fails to link or grows past 25 MB (issue 17).
    @Test("full Foundation is imported only where FoundationEssentials is not", arguments: rules)
    func foundationOnlyAsFallback(_ rule: Rule) throws {
        for file in try Self.files(of: rule.module) {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            for (n, line) in lines.enumerated() where Self.importedModule(line[...]) == "Foundation" {
                let guarded = n >= 3 && lines[n - 1] == "#else" && lines[n - 2] == "import FoundationEssentials"
                    && lines[n - 3] == "#if canImport(FoundationEssentials)"
                #expect(guarded, "\(file.path):\(n + 1) imports full Foundation outside the canImport(FoundationEssentials) fallback")
            }
        }
    }

    @Test func everyModuleHasARow() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
            .filter { !$0.hasPrefix(".") && !["CNcurses", "CSQLite"].contains($0) } // C modules: nothing to import
        #expect(Set(folders) == Set(Self.rules.map(\.module)), "a module without a rule, or a rule without a module")
    }

    /// Names whose use means a file, the environment or the wall clock. Comments are skipped.
    static let impureNames = [
        "FileManager", "FileHandle", "contentsOfFile", "Data(contentsOf", "String(contentsOf", "URL(", "fopen", "ProcessInfo", "getenv",
        "Date(", "Date.now", "clock_gettime", "gettimeofday", "DispatchTime", "ContinuousClock", "SuspendingClock",
    ]

    /// The one exception: Gestures' `MonotonicClock`, the real clock the front end may pass in,
    /// kept beside the `GestureClock` protocol it implements; nothing in the core reads it.
    static let clockFiles: Set<String> = ["Gestures/MonotonicClock.swift"]

    @Test("pure modules use no file, environment or clock API", arguments: rules.filter(\.pure))
    func pureModulesStayPure(_ rule: Rule) throws {
        for file in try Self.files(of: rule.module) where !Self.clockFiles.contains(file.path) {
            for (n, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
                for name in Self.impureNames where code.contains(name) {
                    Issue.record("\(file.path):\(n + 1): \(rule.module) is pure but uses \(name)")
                }
            }
        }
    }

    @Test func theImportParserReadsEveryForm() {
        #expect(Self.importedModule("import Polycube") == "Polycube")
        #expect(Self.importedModule("@testable import Game") == "Game")
        #expect(Self.importedModule("internal import PolycubeResources") == "PolycubeResources")
        #expect(Self.importedModule("@preconcurrency import Foundation") == "Foundation")
        #expect(Self.importedModule("import struct Scene.Canvas") == "Scene")
        #expect(Self.importedModule("let important = 1") == nil)
        #expect(Self.importedModule("/// import Nothing") == nil)
    }
}

private func | (a: Set<String>, b: Set<String>) -> Set<String> { a.union(b) }
