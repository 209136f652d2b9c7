import ArgumentParser
import Polycube

/// `soma figures`: the built-in catalog, grouped by kind, with the names to type and the cell
/// counts, so a player can pick a figure for `soma play` or `soma solve`.
struct FiguresCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "figures",
        abstract: "List the built-in figures, boards and boxes.")

    func run() {
        print(Self.listing(Catalog.figures), terminator: "")
    }

    /// One block per kind: a title line, then `name  display name  N cells` in aligned columns.
    static func listing(_ entries: [CatalogEntry]) -> String {
        let nameWidth = entries.map(\.name.count).max() ?? 0
        let displayWidth = entries.map(\.displayName.count).max() ?? 0
        let countWidth = entries.map { String($0.cellCount).count }.max() ?? 0
        var out = ""
        for kind in CatalogEntry.Kind.allCases {
            let group = entries.filter { $0.kind == kind }
            guard !group.isEmpty else { continue }
            if !out.isEmpty { out += "\n" }
            out += kind.title + "\n"
            for entry in group {
                let count = String(entry.cellCount)
                out += "  " + pad(entry.name, nameWidth) + "  " + pad(entry.displayName, displayWidth)
                    + "  " + String(repeating: " ", count: countWidth - count.count) + count + " cells\n"
            }
        }
        return out
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s + String(repeating: " ", count: max(0, width - s.count))
    }
}
