import ArgumentParser
import Files
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Game
import Polycube
import Store
import App
import SolveJobs

/// `soma scores [FIGURE]`: the hall of fame on the command line, from the same database the
/// games save to. Each assist (`off`, `fits`, `solvable`) is ranked apart. Without a figure, one
/// line per figure and assist with entries (its best time and who, its fewest moves and who);
/// with one, its two top-ten tables for each assist with entries. Players show by display name,
/// or as `anonymous`, never by key; one in a game now is marked `*` (under `soma serve`, whose
/// instances say who plays). `--database URL` reads an operator's PostgreSQL instead, through
/// `soma-server` (`ServerScores`).
struct ScoresCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scores",
        abstract: "Show the hall of fame: best times and fewest moves across players.",
        discussion: "Each assist (off, fits, solvable: how the game helped place the pieces) is ranked apart. "
            + "Without a figure: the best time and the fewest moves of every figure and assist solved so far. "
            + "With a figure (a name from `soma figures`, a figure's own name, or a figure file): its ten best "
            + "times and ten fewest moves for each assist. `soma scores daily`: the table of today's daily figure. Players choose their name with n in the game's figure menu.")

    @Argument(help: "A figure: a name from `soma figures`, a name `soma scores` lists, or a figure file.")
    var figure: String?

    @Flag(help: "Print JSON.")
    var json = false

    @Option(help: ArgumentHelp("Read the hall of fame `soma serve --database` keeps in PostgreSQL, across every instance "
                               + "(password: $PGPASSWORD; runs soma-server, installed beside soma).",
                               valueName: "postgres://user@host[:port]/db"))
    var database: String?

    @OptionGroup var progressOptions: ProgressOptions

    func run() throws {
        if let database { return try showFromServer(database) }
        let path = progressOptions.databasePath
        // Reading scores never creates a database: none yet means no entries yet.
        let store: ProgressStore?
        if FileManager.default.fileExists(atPath: path) {
            do {
                store = try ProgressStore(path: path)
            } catch {
                StandardStreams.printError("soma scores: cannot read the hall of fame at \(error.path): \(error.reason)")
                throw ExitCode(1)
            }
        } else {
            store = nil
        }
        do {
            if figure == "daily" {
                try showDaily(store: store)
            } else if let figure {
                try show(figure, store: store)
            } else {
                let tops = try (store?.leaders() ?? []).map(Self.top)
                print(json ? Self.json(tops) : Self.table(tops), terminator: "")
            }
        } catch let error as StoreError {
            StandardStreams.printError("soma scores: cannot read the hall of fame at \(error.path): \(error.reason)")
            throw ExitCode(1)
        }
    }

    /// `--database`: the tables in PostgreSQL. A figure is named as for SQLite (a catalog name,
    /// a figure's own name, a figure file); any other name is looked for as it is stored.
    private func showFromServer(_ database: String) throws {
        guard figure != "daily" else {
            StandardStreams.printError("soma scores: daily's tables are this machine's only; drop --database")
            throw ExitCode(2)
        }
        let name = figure.map { Self.recordName($0, stored: []) ?? $0 }
        let tables = try ServerScores.tables(database: database, figure: name)
        if let name {
            let fames = Assist.allCases.map { assist in
                tables.first { $0.assist == assist } ?? HallOfFame(figure: name, assist: assist)
            }
            print(json ? Self.json(fames, figure: name) : Self.tables(fames, figure: name), terminator: "")
        } else {
            print(json ? Self.json(tables) : Self.table(tables), terminator: "")
        }
    }

    /// A figure's leaders as a table of one row each: the best time and the fewest moves.
    static func top(_ leaders: ProgressStore.Leaders) -> HallOfFame {
        HallOfFame(figure: leaders.figure, assist: leaders.assist, byTime: [leaders.bestTime], byMoves: [leaders.fewestMoves],
                   players: leaders.players)
    }

    private func show(_ argument: String, store: ProgressStore?) throws {
        guard let name = try Self.recordName(argument, stored: store?.leaders().map(\.figure) ?? []) else {
            StandardStreams.printError("soma scores: no figure named `\(UntrustedText.shown(argument, limit: 60))`; `soma figures` lists the built-in "
                + "names, `soma scores` alone the figures with entries")
            throw ExitCode(2)
        }
        let fames = try Assist.allCases.map { assist in
            try store?.hallOfFame(figure: name, assist: assist) ?? HallOfFame(figure: name, assist: assist)
        }
        print(json ? Self.json(fames, figure: name) : Self.tables(fames, figure: name), terminator: "")
    }

    /// The name records are kept under for `argument`: a catalog command-line name (`cube` is
    /// kept as `Cube`), a name with stored entries, a catalog figure's own name, or a figure
    /// file's figure; nil when it is none of them.
    static func recordName(_ argument: String, stored: [String]) -> String? {
        if Catalog.names.contains(argument) { return try? Catalog.figure(named: argument).name }
        if stored.contains(argument) || Catalog.figures.contains(where: { $0.figure.name == argument }) { return argument }
        // stat(2): FileManager's directory test needs ObjCBool, which only full Foundation has.
        var info = stat()
        if stat(argument, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            return try? FigureReader.load(path: argument).name
        }
        return nil
    }

    /// What a figure is called on the command line: its catalog name when it has one, else the
    /// name it is stored under through `UntrustedText` (controls, NUL and bidirectional
    /// overrides shown as their codes, so that no stored name can pose as another).
    static func label(_ figure: String) -> String {
        if let entry = Catalog.figures.first(where: { $0.figure.name == figure }) { return entry.name }
        return UntrustedText.shown(figure, limit: 60)
    }

    /// Catalog figures in catalog order, then the player's own by name; each figure's assists
    /// from the least help to the most.
    static func ordered(_ leaders: [HallOfFame]) -> [HallOfFame] {
        let order = Dictionary(Catalog.figures.enumerated().map { ($1.figure.name, $0) }, uniquingKeysWith: { a, _ in a })
        let rank = Dictionary(uniqueKeysWithValues: Assist.allCases.enumerated().map { ($1, $0) })
        return leaders.sorted { a, b in
            (order[a.figure] ?? Int.max, a.figure, rank[a.assist] ?? 0) < (order[b.figure] ?? Int.max, b.figure, rank[b.assist] ?? 0)
        }
    }

    // MARK: Text

    /// One line per figure (its tables' first rows), in aligned columns under a heading; a
    /// leader in a game now marked, and the mark explained under the table.
    static func table(_ leaders: [HallOfFame]) -> String {
        let leaders = leaders.filter { !$0.byTime.isEmpty && !$0.byMoves.isEmpty }
        guard !leaders.isEmpty else { return "No entries yet: solve a figure in `soma play` or `soma pento`.\n" }
        let rows = ordered(leaders).map { l in
            [label(l.figure), l.assist.rawValue, HallOfFame.time(l.byTime[0].score), marked(l.byTime[0]),
             HallOfFame.moves(l.byMoves[0].score), marked(l.byMoves[0]), String(l.players)]
        }
        let heading = ["figure", "assist", "best time", "by", "fewest moves", "by", "players"]
        let rightAligned: Set<Int> = [2, 4, 6]
        let widths = heading.indices.map { i in ([heading] + rows).map { $0[i].count }.max() ?? 0 }
        return ([heading] + rows).map { row in
            row.indices.map { i in
                let gap = String(repeating: " ", count: widths[i] - row[i].count)
                return rightAligned.contains(i) ? gap + row[i] : (i == row.count - 1 ? row[i] : row[i] + gap)
            }.joined(separator: "  ").trimmingTrailingSpaces + "\n"
        }.joined() + legend(leaders.flatMap { [$0.byTime[0], $0.byMoves[0]] })
    }

    /// The mark beside a player in a game now (`Standing.isPlayingNow`), as the game's hall of
    /// fame shows it; never on the reader's own row.
    static let playingMark = "*"

    static func isMarked(_ standing: HallOfFame.Standing) -> Bool { standing.isPlayingNow && !standing.isOwn }

    /// A name with the mark after it when its player is in a game now.
    static func marked(_ standing: HallOfFame.Standing) -> String {
        standing.shownName + (isMarked(standing) ? " " + playingMark : "")
    }

    /// The line that explains the mark, when a standing shown carries it.
    static func legend(_ shown: [HallOfFame.Standing]) -> String {
        shown.contains(where: isMarked) ? "\n\(playingMark) playing now\n" : ""
    }

    /// The figure's two tables for each assist with entries, the top ten of each.
    static func tables(_ fames: [HallOfFame], figure: String) -> String {
        let title = "Hall of fame: \(label(figure))" + (label(figure) == figure ? "" : " (\(UntrustedText.shown(figure)))")
        let solved = fames.filter { $0.players > 0 }
        guard !solved.isEmpty else { return title + "\nNobody has solved it yet.\n" }
        let shown = solved.flatMap { ($0.byTime + $0.byMoves).filter { $0.rank <= HallOfFame.places } }
        return title + "\n" + solved.map { "\n" + tables($0) }.joined(separator: "") + legend(shown)
    }

    /// One assist's two tables under a heading that names the assist.
    static func tables(_ fame: HallOfFame) -> String {
        let byTime = fame.byTime.filter { $0.rank <= HallOfFame.places }
        let byMoves = fame.byMoves.filter { $0.rank <= HallOfFame.places }
        let nameWidth = (byTime + byMoves).map(\.shownName.count).max() ?? 0
        func block(_ heading: String, _ standings: [HallOfFame.Standing], _ score: (Double) -> String) -> String {
            let scores = standings.map { score($0.score) }
            let scoreWidth = scores.map(\.count).max() ?? 0
            let lines = zip(standings, scores).map { standing, text -> String in
                let rank = String(standing.rank) + "."
                let name = standing.shownName
                let rankColumn = String(repeating: " ", count: 3 - min(3, rank.count)) + rank
                let nameColumn = name + String(repeating: " ", count: max(0, nameWidth - name.count))
                let scoreColumn = String(repeating: " ", count: scoreWidth - text.count) + text
                return (isMarked(standing) ? playingMark : " ") + rankColumn + " " + nameColumn + "  " + scoreColumn + "\n"
            }
            return heading + "\n" + lines.joined()
        }
        let players = fame.players == 1 ? "1 player" : "\(fame.players) players"
        return "Assist \(fame.assist.rawValue) (\(assistWords(fame.assist))), \(players)\n\n"
            + block("Best times", byTime, HallOfFame.time) + "\n" + block("Fewest moves", byMoves, HallOfFame.moves)
    }

    /// What an assist meant for the solves ranked under it.
    static func assistWords(_ assist: Assist) -> String {
        switch assist {
        case .off: "steered step by step"
        case .fits: "placed by fit"
        case .solvable: "helped: judged fits or hints"
        }
    }

    // MARK: JSON

    static func json(_ leaders: [HallOfFame]) -> String {
        let figures = ordered(leaders.filter { !$0.byTime.isEmpty && !$0.byMoves.isEmpty }).map { l in
            "{\"figure\":\(JSONText.string(label(l.figure))),\"name\":\(JSONText.string(l.figure)),"
                + "\"assist\":\"\(l.assist.rawValue)\",\"players\":\(l.players),"
                + "\"bestTime\":{\"player\":\(JSONText.string(l.byTime[0].shownName)),\"seconds\":\(l.byTime[0].score)"
                + playing(l.byTime[0]) + "},"
                + "\"fewestMoves\":{\"player\":\(JSONText.string(l.byMoves[0].shownName)),\"moves\":\(Int(l.byMoves[0].score))"
                + playing(l.byMoves[0]) + "}}"
        }
        return "{\"figures\":[" + figures.joined(separator: ",") + "]}\n"
    }

    /// The figure's tables for each assist with entries.
    static func json(_ fames: [HallOfFame], figure: String) -> String {
        let solved = fames.filter { $0.players > 0 }.map { json($0) }
        return "{\"figure\":\(JSONText.string(label(figure))),\"name\":\(JSONText.string(figure)),"
            + "\"assists\":[" + solved.joined(separator: ",") + "]}\n"
    }

    /// `,"playing":true` for a player in a game now; nothing otherwise.
    static func playing(_ standing: HallOfFame.Standing) -> String {
        isMarked(standing) ? ",\"playing\":true" : ""
    }

    /// One assist's tables.
    static func json(_ fame: HallOfFame) -> String {
        func entries(_ standings: [HallOfFame.Standing], _ key: String, _ value: (Double) -> String) -> String {
            "[" + standings.filter { $0.rank <= HallOfFame.places }.map { s in
                "{\"rank\":\(s.rank),\"player\":\(JSONText.string(s.shownName)),\"\(key)\":\(value(s.score))" + playing(s) + "}"
            }.joined(separator: ",") + "]"
        }
        return "{\"assist\":\"\(fame.assist.rawValue)\","
            + "\"players\":\(fame.players),\"byTime\":\(entries(fame.byTime, "seconds", { "\($0)" })),"
            + "\"byMoves\":\(entries(fame.byMoves, "moves", { "\(Int($0))" }))}"
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var s = Substring(self)
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
