import Polycube
import Server

/// What `ssh HOST COMMAND` may run on a `soma serve` server: `figures`, `show NAME` and
/// `solve NAME [flags]` on the built-in catalog's names only: never a path on the server, never
/// a shell, and the solver on one thread; the server caps how many run at once per key and per
/// address, their CPU time and their output, so one player's command cannot take the machine.
enum ServeExec {
    static let solveFlags: Set<String> = ["--count", "--all", "--raw", "--draw", "--json", "--time"]
    static let usage = "only these commands run here: figures, show FIGURE, solve FIGURE "
        + "[--count] [--all] [--raw] [--draw] [--json] [--time] [--limit N], with FIGURE a name from `figures`; "
        + "watch NAME (a player's game, when they let others watch)"

    @Sendable
    static func decide(_ command: String) -> ExecDecision {
        guard command.utf8.count <= 1024 else { return .refuse(usage) }
        let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let verb = words.first else { return .refuse(usage) }
        let rest = Array(words.dropFirst())
        switch verb {
        case "watch":
            // A display name may hold spaces: the rest of the line, as one space apart.
            let name = rest.joined(separator: " ")
            guard !name.isEmpty else { return .refuse("watch takes a player's display name (as the hall of fame shows it)") }
            // The game's rules for a name (Game.DisplayName), checked again here: this binary links no Game.
            guard name.count <= 20, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || " -_.".contains($0)) }) else {
                return .refuse("no player has that name (a name is at most 20 letters a-z, digits, spaces and -_.)")
            }
            return .watch(name)
        case "figures":
            return rest.isEmpty ? .run(["figures"]) : .refuse("figures takes nothing more")
        case "show":
            guard rest.count == 1 else { return .refuse("show takes one figure name") }
            guard Catalog.names.contains(rest[0]) else { return unknown(rest[0]) }
            return .run(["show", rest[0]])
        case "solve":
            var name: String?
            var flags: [String] = []
            var index = 0
            while index < rest.count {
                let word = rest[index]
                if solveFlags.contains(word) {
                    flags.append(word)
                } else if word == "--limit" {
                    guard index + 1 < rest.count, let limit = Int(rest[index + 1]), (1...10_000).contains(limit) else {
                        return .refuse("--limit wants a number from 1 to 10000")
                    }
                    flags += [word, String(limit)]
                    index += 1
                } else if word.hasPrefix("-") {
                    return .refuse(usage)
                } else if name == nil {
                    guard Catalog.names.contains(word) else { return unknown(word) }
                    name = word
                } else {
                    return .refuse("solve takes one figure name here")
                }
                index += 1
            }
            guard let name else { return .refuse("solve needs a figure name (see figures)") }
            return .run(["solve", name] + flags + ["--threads", "1"])
        default:
            return .refuse(usage)
        }
    }

    private static func unknown(_ name: String) -> ExecDecision {
        .refuse("no built-in figure is named '\(name.prefix(64))' (see figures)")
    }
}
