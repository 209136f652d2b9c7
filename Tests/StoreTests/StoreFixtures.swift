import Foundation
import Polycube
@testable import Game
@testable import Store

/// Figures, positions and scratch folders shared by the Store tests.
enum StoreFixtures {
    /// The 3x3x3 Soma cube, and a second figure of the same pieces.
    static let cube = Figure(name: "cube", cells: (0..<27).map { Cell($0 % 3, ($0 / 3) % 3, $0 / 9) })
    static let box = Figure(name: "box", cells: (0..<27).map { Cell($0 % 9, ($0 / 9) % 3, 0) })

    static func lookup(_ name: String) -> Figure? {
        [cube, box].first { $0.name == name }
    }

    /// A fresh folder, removed by the caller.
    static func folder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("soma-store-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// `figure` with piece 2 moved `steps` cells up, one step at a time, each a move of its own
    /// (picked, raised one cell, let go): a position to save, `steps` moves in.
    static func moved(_ figure: Figure, steps: Int) -> SomaGame {
        var game = SomaGame(figure: figure)
        for _ in 0..<steps {
            game.apply(.select(.number(2)), now: 0)
            game.apply(.move(Cell(0, 0, 1)), now: 1)
            game.apply(.select(.none), now: 1)
        }
        return game
    }

    /// The saved form of a game's position, `seconds` played (the midend's clock).
    static func position(_ game: SomaGame, seconds: Double = 9) -> SavedPosition {
        var p = Progress()
        p.save(game, seconds: seconds)
        return p.inProgress[game.figure.name]!
    }

    /// Runs one statement on the database file directly (what a damaged or foreign file holds).
    static func sql(_ path: String, _ statement: String) throws {
        let file = try SQLiteFile(path: path)
        defer { file.close() }
        try file.run(statement)
    }

    static func rows(_ path: String, _ statement: String) throws -> [String] {
        let file = try SQLiteFile(path: path)
        defer { file.close() }
        return try file.run(statement).map { row in
            row.values.map { value in
                switch value {
                case .text(let s): s
                case .integer(let i): String(i)
                case .float(let d): String(d)
                case .null: "NULL"
                case .blob: "BLOB"
                }
            }.joined(separator: "|")
        }
    }

    /// The poses text of a cube position with one pose replaced by `pose`.
    static func posesText(replacingLast pose: String) -> String {
        let poses = position(moved(cube, steps: 1)).poses
        let good = poses.dropLast().map { p in
            "{\"piece\":\"\(p.piece)\",\"orientation\":[\(p.orientation.map(String.init).joined(separator: ","))],"
                + "\"offset\":[\(p.offset.map(String.init).joined(separator: ","))]}"
        }
        return "[" + (good + [pose]).joined(separator: ",") + "]"
    }
}
