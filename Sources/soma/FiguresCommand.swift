import App
import ArgumentParser
import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Polycube
import Solver

/// `soma figures`: the built-in catalog, grouped by kind, then the player's own figures (the
/// files `soma design` saved), with the names to type, the cell counts and each figure's number
/// of distinct solutions, so a player can pick a figure (and guess how hard it is) for `soma
/// play` or `soma solve`.
///
/// Nothing is solved for the catalog: each built-in file states its count (`CatalogEntry`). The
/// player's figures are counted once and kept in `SolutionCountCache`, so only a new or changed
/// figure costs a search; each search stops at `countLimit` solutions or after `countSeconds`.
struct FiguresCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "figures",
        abstract: "List the built-in figures, boards and boxes, and your own figures.",
        discussion: """
            Your own figures are the files in $XDG_CONFIG_HOME/soma/figures (default \
            ~/.config/soma/figures), where `soma design` saves; play one with `soma play NAME`. \
            Their solution counts are worked out once and kept in $XDG_CACHE_HOME/soma \
            (default ~/.cache/soma).
            """)

    /// A count stops here and is shown as `N+ solutions`.
    static let countLimit = 100_000
    /// A search that takes longer is given up (and tried again next time): the list must not wait.
    static let countSeconds = 5.0

    func run() {
        let places = XDGPaths.current
        var cache = SolutionCountCache(directory: places.cacheDirectory)
        let own = PlayerFigures(directory: places.figuresDirectory).files()
        var changed = false
        let rows = own.map { file -> Row in
            switch file.figure {
            case .failure(let problem):
                return Row(name: file.stem, displayName: "cannot be read: \(problem)", cells: nil, solutions: "")
            case .success(let figure):
                var count = cache.count(for: figure)
                if count == nil, let counted = Self.count(figure) {
                    count = counted
                    cache.set(counted, for: figure)
                    changed = true
                }
                return Row(name: file.stem, displayName: figure.name, cells: figure.cells.count,
                           solutions: count.map(Self.words) ?? "not counted (too slow)")
            }
        }
        let generated = GeneratedFigures(directory: places.generatedDirectory).files().map { file -> Row in
            switch file.figure {
            case .failure(let problem):
                return Row(name: file.stem, displayName: "cannot be read: \(problem)", cells: nil, solutions: "")
            case .success(let figure):
                let facts = Self.generatedFacts(file.path)
                var solutions = facts?.solutions
                if solutions == nil {
                    var count = cache.count(for: figure)
                    if count == nil, let counted = Self.count(figure) {
                        count = counted
                        cache.set(counted, for: figure)
                        changed = true
                    }
                    solutions = count.map(Self.words) ?? "not counted (too slow)"
                }
                return Row(name: file.stem, displayName: facts.map { "grade \($0.grade) of 5" } ?? figure.name,
                           cells: figure.cells.count, solutions: solutions ?? "")
            }
        }
        if changed, let problem = cache.write() {
            StandardStreams.printError("soma figures: the solution counts were not kept: \(problem)")
        }
        var blocks: [(title: String, rows: [Row])] = []
        // A game served by `soma serve` names no folder: they are the server's (issue 36).
        let served = ProgressOptions.served("SOMA_STATE_DIR") != nil
        if !rows.isEmpty { blocks.append((served ? "Your figures" : "Your figures (\(places.figuresDirectory))", rows)) }
        if !generated.isEmpty {
            blocks.append((served ? "Generated figures (`soma play ID` plays one)"
                               : "Generated figures (\(places.generatedDirectory); `soma play ID` plays one)", generated))
        }
        print(Self.listing(Catalog.figures, own: blocks), terminator: "")
    }

    /// The grade and solutions a generated figure's header states (`; id ...; grade G of 5; N
    /// distinct solutions, R raw.`), read from its first lines; nil when it has no such line.
    static func generatedFacts(_ path: String) -> (grade: Int, solutions: String)? {
        for line in GeneratedFigures.header(ofFileAt: path) where line.hasPrefix(" id g-") {
            let parts = line.split(separator: ";")
            guard parts.count >= 3 else { return nil }
            let gradeWords = parts[1].split(separator: " ")
            guard gradeWords.count == 4, gradeWords[0] == "grade", let grade = Int(gradeWords[1]), (1...5).contains(grade),
                  let counts = parts[2].split(separator: ",").first else { return nil }
            let words = counts.split(separator: " ").filter { $0 != "distinct" }
            guard words.count == 2, Int(words[0]) != nil else { return nil }
            return (grade, words.joined(separator: " "))
        }
        return nil
    }

    /// One line of the listing.
    struct Row {
        var name: String
        var displayName: String
        var cells: Int?
        var solutions: String
    }

    /// Counts `figure`'s distinct solutions within the limits; nil when it took too long.
    static func count(_ figure: Figure) -> SolutionCountCache.Count? {
        let deadline = Date().addingTimeInterval(countSeconds)
        do {
            let solver = try Solver(figure)
            let counted = try solver.count(limit: countLimit, control: SearchControl(isCancelled: { Date() > deadline }))
            return SolutionCountCache.Count(distinct: counted.distinct, complete: counted.distinct < countLimit)
        } catch is SolverError {
            // The pieces cannot fill it at all (wrong number of cells, ...): no solution.
            return SolutionCountCache.Count(distinct: 0, complete: true)
        } catch {
            return nil
        }
    }

    static func words(_ count: SolutionCountCache.Count) -> String {
        let n = "\(count.distinct)\(count.complete ? "" : "+")"
        return n + (count.distinct == 1 && count.complete ? " solution" : " solutions")
    }

    /// One block per kind, then the player's figures under their own title: `name  display name
    /// N cells  M solutions` in aligned columns.
    static func listing(_ entries: [CatalogEntry], own: [(title: String, rows: [Row])] = []) -> String {
        var blocks: [(String, [Row])] = CatalogEntry.Kind.allCases.compactMap { kind in
            let group = entries.filter { $0.kind == kind }
            guard !group.isEmpty else { return nil }
            return (kind.title, group.map { entry in
                Row(name: entry.name, displayName: entry.displayName, cells: entry.cellCount,
                    solutions: entry.solutionCount.map { words(SolutionCountCache.Count(distinct: $0, complete: true)) } ?? "")
            })
        }
        blocks += own.map { ($0.title, $0.rows) }
        let all = blocks.flatMap(\.1)
        let nameWidth = all.map(\.name.count).max() ?? 0
        let displayWidth = all.filter { $0.cells != nil }.map(\.displayName.count).max() ?? 0
        let countWidth = all.compactMap { $0.cells.map { String($0).count } }.max() ?? 0
        var out = ""
        for (title, rows) in blocks {
            if !out.isEmpty { out += "\n" }
            out += title + "\n"
            for row in rows {
                var line = "  " + pad(row.name, nameWidth) + "  "
                if let cells = row.cells {
                    let count = String(cells)
                    line += pad(row.displayName, displayWidth) + "  " + String(repeating: " ", count: countWidth - count.count)
                        + count + " cells"
                    if !row.solutions.isEmpty { line += "  " + row.solutions }
                } else {
                    line += row.displayName
                }
                out += line + "\n"
            }
        }
        return out
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s + String(repeating: " ", count: max(0, width - s.count))
    }
}
