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
import Files
import Polycube
import Records

/// The JSON progress file of earlier versions (`progress.json`, beside the database): imported
/// once, then renamed `progress.json.imported` (never deleted, so the old file, fields this soma
/// does not know included, stays for the player). A file that cannot be read at all is renamed
/// `progress.json.damaged` (or `.damaged-2`, ...) and said; one bad entry in a readable file is
/// skipped with a note and the rest imported.
public enum LegacyProgressFile {
    /// Larger than any real progress file by far; a bigger file is not read into memory.
    static let maxBytes = 16 << 20

    /// Imports `path` into `store` if it exists. Returns one line for the player per thing worth
    /// saying (imported, entries skipped, file set aside); throws when the database refused.
    public static func importIfPresent(_ path: String, into store: ProgressStore) throws(StoreError) -> [String] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let parsed = read(path)
        switch parsed {
        case .failure(let reason):
            let kept = try KeptAside.move(path, suffix: "damaged")
            return ["old progress file \(path) cannot be read (\(reason)); kept as \(kept)"]
        case .success(let (progress, skipped)):
            var kept = ""
            do {
                try store.merge(progress) { () throws(StoreError) in
                    kept = try KeptAside.move(path, suffix: "imported")
                }
            } catch {
                // The commit failed after the rename: the file goes back (never over another),
                // to be imported next time.
                if !kept.isEmpty, link(kept, path) == 0 { unlink(kept) }
                throw error
            }
            let counts = "\(progress.records.count) records, \(progress.inProgress.count) positions"
            return skipped.map { "old progress file: \(UntrustedText.shown($0)); skipped" }
                + ["old progress file \(path) imported into \(store.path) (\(counts)); kept as \(kept)"]
        }
    }

    /// The progress in the file and the entries skipped, or why the file cannot be read.
    static func read(_ path: String) -> Result<(Progress, [String]), Reason> {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, maxBytes: maxBytes)
        } catch {
            switch error.reason {
            case .folder, .notRegular, .tooLarge: return .failure(Reason("it is \(error.description)"))
            default: return .failure(Reason("it \(error.description)"))
            }
        }
        return text(Data(bytes)).flatMap(parse)
    }

    struct Reason: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The file's text: UTF-8 (a byte-order mark allowed), or UTF-16 with its byte-order mark.
    static func text(_ data: Data) -> Result<String, Reason> {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let bigEndian = bytes[0] == 0xFE
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var i = 2
            while i + 1 < bytes.count {
                units.append(bigEndian ? UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]) : UInt16(bytes[i + 1]) << 8 | UInt16(bytes[i]))
                i += 2
            }
            guard bytes.count % 2 == 0, let text = String(validating: units, as: UTF16.self) else {
                return .failure(Reason("it is not valid UTF-16 text"))
            }
            return .success(text)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        guard let text = String(validating: body, as: UTF8.self) else {
            return .failure(Reason("it is not UTF-8 text: byte \(firstInvalidUTF8(body) + 1) is not valid UTF-8"))
        }
        return .success(text)
    }

    /// Where UTF-8 decoding first fails (the offset of the first byte of the bad sequence).
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): offset += UTF8.width(s)
            case .emptyInput: return bytes.count
            case .error: return offset
            }
        }
    }

    /// The old format, entry by entry: a bad entry is skipped, not the file.
    static func parse(_ text: String) -> Result<(Progress, [String]), Reason> {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: Data(text.utf8))
        } catch {
            return .failure(Reason("it is not a soma progress file (JSON with version, records and inProgress)"))
        }
        if let version = file.version, version != 1 {
            return .failure(Reason("it has format version \(version); this soma imports version 1"))
        }
        var progress = Progress()
        var skipped: [String] = []
        /// Each entry on its own: one that does not decode, or fails its check, is skipped and said.
        func take<Value>(_ entries: [String: Entry<Value>]?, _ kind: String, check: (Value) -> String?, keep: (String, Value) -> Void) {
            for (name, entry) in (entries ?? [:]).sorted(by: { $0.key < $1.key }) {
                let quoted = ProgressStore.quoted(name)
                guard let value = entry.value else { skipped.append("the \(kind) of \(quoted) is not a \(kind)"); continue }
                if let why = check(value) { skipped.append("the \(kind) of \(quoted): \(why)") } else { keep(name, value) }
            }
        }
        // The old file is from before the assist: its solves were steered.
        take(file.records, "record", check: ProgressCheck.record) { progress.records[RecordKey($0, .off)] = $1 }
        take(file.inProgress, "position", check: { ProgressCheck.position($0) }) { progress.inProgress[$0] = $1 }
        return .success((progress, skipped))
    }

    /// The file's layout; every part optional, each entry decoded on its own.
    struct File: Decodable {
        var version: Int?
        var records: [String: Entry<FigureRecord>]?
        var inProgress: [String: Entry<SavedPosition>]?
    }

    /// One entry, or nil when it does not decode (a number out of range, a missing field).
    struct Entry<Value: Decodable>: Decodable {
        var value: Value?
        init(from decoder: any Decoder) throws { value = try? Value(from: decoder) }
    }
}
