import Foundation
import Testing

/// What each executable links, read from Package.swift: a target's own dependencies and theirs,
/// by name (products of other packages are left out). `ImportRulesTests` checks what the sources
/// import; this checks what the manifest hands the linker, since a dependency listed and never
/// imported is still linked.
@Suite struct LinkedModulesTests {
    static let manifest = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Package.swift")

    /// Each target's dependencies on targets of this package, from the manifest's text: the
    /// quoted names in its `dependencies: [...]`, less those inside `.product(...)`.
    static func dependencies(in text: String) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        let starts = [".target(", ".executableTarget(", ".testTarget("]
        var rest = Substring(text)
        while let start = starts.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            rest = rest[start.upperBound...]
            guard let nameStart = rest.range(of: "name: \"") else { break }
            let afterName = rest[nameStart.upperBound...]
            guard let nameEnd = afterName.firstIndex(of: "\"") else { break }
            let name = String(afterName[..<nameEnd])
            // The call's own text: up to its closing parenthesis.
            var depth = 1, end = rest.startIndex
            for i in rest.indices {
                if rest[i] == "(" { depth += 1 } else if rest[i] == ")" { depth -= 1 }
                if depth == 0 { end = i; break }
            }
            let call = rest[..<end]
            var names: Set<String> = []
            if let deps = call.range(of: "dependencies: [") {
                var list = call[deps.upperBound...]
                if let close = list.firstIndex(of: "]") { list = list[..<close] }
                // Drop `.product(...)` calls, then take the quoted names left.
                var plain = "", skipping = 0
                var i = list.startIndex
                while i < list.endIndex {
                    if list[i...].hasPrefix(".product(") { skipping += 1; i = list.index(i, offsetBy: 9); continue }
                    if skipping > 0 && list[i] == ")" { skipping -= 1 } else if skipping == 0 { plain.append(list[i]) }
                    i = list.index(after: i)
                }
                names = Set(plain.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) })
            }
            result[name] = names
            rest = rest[end...]
        }
        return result
    }

    /// `target` and everything it depends on, directly or not.
    static func linked(_ target: String, in deps: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = [target], todo = [target]
        while let next = todo.popLast() {
            for dependency in deps[next] ?? [] where seen.insert(dependency).inserted { todo.append(dependency) }
        }
        return seen
    }

    @Test("soma-server and the stores link no game, scene or gestures")
    func storesAndServerLinkNoGame() throws {
        let deps = Self.dependencies(in: try String(contentsOf: Self.manifest, encoding: .utf8))
        for target in ["SomaServer", "SharedStore", "Store", "Records"] {
            let linked = Self.linked(target, in: deps)
            #expect(linked.contains("Polycube"), "\(target): the manifest was not read (\(linked.sorted()))")
            #expect(linked.isDisjoint(with: ["Game", "Scene", "Gestures", "Terminal"]),
                    "\(target) links \(linked.intersection(["Game", "Scene", "Gestures", "Terminal"]).sorted())")
        }
        #expect(Self.linked("SomaServer", in: deps).contains("Records"))
    }

    @Test func theManifestReaderSkipsProductsAndFollowsChains() {
        let text = """
            .target(name: "A", dependencies: ["B", .product(name: "X", package: "x")]),
            .target(name: "B", dependencies: ["C"]),
            .target(name: "C"),
            .executableTarget(name: "D", dependencies: ["A"], linkerSettings: [.linkedLibrary("z")]),
            """
        let deps = Self.dependencies(in: text)
        #expect(deps == ["A": ["B"], "B": ["C"], "C": [], "D": ["A"]])
        #expect(Self.linked("D", in: deps) == ["A", "B", "C", "D"])
    }
}

/// The folders are the map: the executable's folder holds its commands and the few lines that
/// start the process; the runtime lives in libraries (`App`, `SolveJobs`).
@Suite struct ExecutableFolderTests {
    /// Besides `*Command.swift` and their extensions (`*Command+*.swift`): the entry point, the
    /// "did you mean" for a mistyped command, and the standard streams' set-up at start.
    static let glue: Set<String> = ["Soma.swift", "CommandSuggestion.swift", "StandardStreams+Prepare.swift"]

    @Test func theExecutableHoldsOnlyItsCommands() throws {
        let folder = ImportRulesTests.sources.appendingPathComponent("soma").path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 5, "no command files read in \(folder)")
        for file in files where !Self.glue.contains(file) {
            let stem = file.dropLast(".swift".count)
            let command = stem.hasSuffix("Command") || stem.split(separator: "+").first?.hasSuffix("Command") == true
            #expect(command, "Sources/soma/\(file) is not a command: move it to a library (App, SolveJobs, ...)")
        }
    }
}
