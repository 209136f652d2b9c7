import Foundation
import Testing
@testable import Game
@testable import Store

/// The old `progress.json` is imported once and kept as `progress.json.imported`; a file that
/// cannot be read is kept as `progress.json.damaged` (a name of its own) and said.
@Suite("LegacyProgressFile: importing the old JSON once")
struct LegacyImportTests {
    static let good = """
        {"version":1,"future":{"kept":true},
         "records":{"cube":{"timesSolved":2,"bestSeconds":61.5,"fewestMoves":33,"medal":"gold"}},
         "inProgress":{"box":{"moves":4,"seconds":12,"poses":\(StoreFixtures.posesText(replacingLast: #"{"piece":"P","orientation":[1,2,3],"offset":[0,0,0]}"#))}}}
        """

    /// Writes `bytes` as progress.json in a fresh folder, opens the store there and imports.
    func importing(_ bytes: [UInt8]) throws -> (notes: [String], store: ProgressStore, folder: String) {
        let folder = StoreFixtures.folder()
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/progress.json"))
        let store = try ProgressStore(path: folder + "/soma.db")
        return (try LegacyProgressFile.importIfPresent(folder + "/progress.json", into: store), store, folder)
    }

    @Test("a good file is imported, renamed .imported with its unknown fields intact, and not imported twice")
    func goodFile() throws {
        let (notes, store, folder) = try importing(Array(Self.good.utf8))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(notes == ["old progress file \(folder)/progress.json imported into \(folder)/soma.db (1 records, 1 positions); "
                          + "kept as \(folder)/progress.json.imported"])
        #expect(try String(contentsOfFile: folder + "/progress.json.imported", encoding: .utf8) == Self.good)
        #expect(!FileManager.default.fileExists(atPath: folder + "/progress.json"))
        #expect(try LegacyProgressFile.importIfPresent(folder + "/progress.json", into: store) == [])
        let p = try store.load(figure: StoreFixtures.lookup).progress
        #expect(p.records == [RecordKey("cube", .off): FigureRecord(timesSolved: 2, bestSeconds: 61.5, fewestMoves: 33)])
        #expect(p.inProgress["box"]?.moves == 4)
        #expect(p.resume(StoreFixtures.box)?.moves == 4)
    }

    @Test("an imported record merges with the stored one (larger count, best values); a stored position wins over the old file's")
    func mergesIntoExisting() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try ProgressStore(path: folder + "/soma.db")
        var p = try store.load().progress
        p.recordSolve(figure: "cube", Solved(moves: 20, seconds: 70))
        p.save(StoreFixtures.moved(StoreFixtures.box, steps: 2), seconds: 0)
        try store.save(p)
        try Self.good.write(toFile: folder + "/progress.json", atomically: true, encoding: .utf8)
        _ = try LegacyProgressFile.importIfPresent(folder + "/progress.json", into: store)
        let seen = try store.load(figure: StoreFixtures.lookup).progress
        #expect(seen.records[RecordKey("cube", .off)] == FigureRecord(timesSolved: 2, bestSeconds: 61.5, fewestMoves: 20))
        #expect(seen.inProgress["box"]?.moves == 2)
    }

    @Test("a non-UTF-8 byte: kept as .damaged, said with the byte's place, nothing imported")
    func notUTF8() throws {
        var bytes = Array(Self.good.utf8)
        bytes[20] = 0xFF
        let (notes, store, folder) = try importing(bytes)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(notes == ["old progress file \(folder)/progress.json cannot be read (it is not UTF-8 text: byte 21 is not valid UTF-8); "
                          + "kept as \(folder)/progress.json.damaged"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/progress.json.damaged")) == Data(bytes))
        #expect(try store.load().progress == Progress())
    }

    @Test("UTF-16 with a byte-order mark (either order) is read")
    func utf16() throws {
        for bigEndian in [false, true] {
            var bytes: [UInt8] = bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]
            for unit in Self.good.utf16 {
                bytes += bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            }
            let (notes, store, folder) = try importing(bytes)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            #expect(notes.last?.contains("imported into") == true, "\(notes)")
            #expect(try store.load().progress.records[RecordKey("cube", .off)]?.timesSolved == 2)
        }
    }

    @Test("hostile entries are skipped one by one, the good ones imported",
          arguments: [
            (#""moves":1,"seconds":1e300"#, "time 1e+300 is not a number of seconds"),
            (#""moves":-5,"seconds":12"#, "moves -5 is not between 0 and"),
            (#""moves":1,"seconds":12,"unknown":[9223372036854775807]"#, ""),
          ])
    func hostileEntries(_ field: String, _ reason: String) throws {
        let bad = #""cube":{\#(field),"poses":[{"piece":"B","orientation":[1,2,3],"offset":[0,0,0]}]}"#
        let text = Self.good.replacingOccurrences(of: #""inProgress":{"#, with: #""inProgress":{"# + bad + ",")
        let (notes, store, folder) = try importing(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let p = try store.load().progress
        #expect(p.inProgress["box"]?.moves == 4, "the good position is imported")
        #expect(p.records[RecordKey("cube", .off)]?.timesSolved == 2)
        if reason.isEmpty {
            #expect(notes.count == 1, "an unknown field is no reason to skip: \(notes)")
            #expect(p.inProgress["cube"]?.moves == 1)
        } else {
            #expect(notes.count == 2)
            #expect(notes.first?.hasPrefix("old progress file: the position of cube: \(reason)") == true, "\(notes)")
            #expect(p.inProgress["cube"] == nil)
        }
    }

    @Test("offsets of 2^63-1 and 1e9 in the old file: skipped, no crash")
    func hugeOffsets() throws {
        for offset in ["9223372036854775807", "1000000000", "1e9"] {
            let bad = #""cube":{"moves":1,"seconds":3,"poses":[{"piece":"B","orientation":[1,2,3],"offset":[\#(offset),0,0]}]}"#
            let text = Self.good.replacingOccurrences(of: #""inProgress":{"#, with: #""inProgress":{"# + bad + ",")
            let (notes, store, folder) = try importing(Array(text.utf8))
            defer { try? FileManager.default.removeItem(atPath: folder) }
            #expect(notes.count == 2, "\(offset): \(notes)")
            #expect(notes.first?.hasPrefix("old progress file: the position of cube") == true, "\(notes)")
            #expect(try store.load().progress.inProgress.keys.sorted() == ["box"])
        }
    }

    @Test("not JSON, another version, a second damaged file: each kept under its own name")
    func damagedTwice() throws {
        let folder = StoreFixtures.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try ProgressStore(path: folder + "/soma.db")
        let path = folder + "/progress.json"
        try "{ not json".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try LegacyProgressFile.importIfPresent(path, into: store)
                == ["old progress file \(path) cannot be read (it is not a soma progress file (JSON with version, records and inProgress)); kept as \(path).damaged"])
        try #"{"version":9,"records":{},"inProgress":{}}"#.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try LegacyProgressFile.importIfPresent(path, into: store)
                == ["old progress file \(path) cannot be read (it has format version 9; this soma imports version 1); kept as \(path).damaged-2"])
        #expect(try String(contentsOfFile: path + ".damaged", encoding: .utf8) == "{ not json")
    }
}
