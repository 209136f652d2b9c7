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
import Polycube

/// The key that authenticates a split search's checkpoints and shard lines (`HMACSHA256`).
/// Every machine of one search must hold the same key, or `soma merge` refuses their lines:
///
/// - `SOMA_SEARCH_KEY`: the key itself (at least 16 characters), or
/// - `SOMA_SEARCH_KEY_FILE`: a file holding it (the operator copies one file to every machine);
/// - neither: this machine's own key, `$XDG_STATE_HOME/soma/search.key`, made (32 random bytes,
///   mode 0600) the first time it is needed. It suits a search that runs and merges on one
///   machine; shards from other machines are then refused, as they should be.
///
/// What it protects against (README, "Splitting a search"): anyone without the key editing a
/// count, a job or a path, and writing the checksum again, in a checkpoint or a shard line. It
/// does not protect against a machine that holds the key and lies: `soma merge --verify K`
/// re-counts K jobs for that.
public struct SearchKey: Sendable, Equatable {
    public var bytes: [UInt8]
    /// Where it came from, for messages: never the key itself.
    public var origin: String

    public init(bytes: [UInt8], origin: String) {
        self.bytes = bytes
        self.origin = origin
    }

    /// The fewest bytes a key may have (128 bits).
    public static let minimumBytes = 16
    static let maximumFileBytes = 4096

    /// The key for this process: from the environment, else the local one (made when missing).
    public static func current(environment: [String: String] = ProcessInfo.processInfo.environment,
                               places: XDGPaths = .current) throws(SearchKeyError) -> SearchKey {
        if let text = environment["SOMA_SEARCH_KEY"], !text.isEmpty {
            guard text.utf8.count >= minimumBytes else {
                throw SearchKeyError("SOMA_SEARCH_KEY holds \(text.utf8.count) bytes; a key needs at least \(minimumBytes)")
            }
            return SearchKey(bytes: Array(text.utf8), origin: "SOMA_SEARCH_KEY")
        }
        if let path = environment["SOMA_SEARCH_KEY_FILE"], !path.isEmpty {
            return try read(path, origin: "the key file \(UntrustedText.shown(path)) (SOMA_SEARCH_KEY_FILE)")
        }
        let path = places.stateDirectory + "/search.key"
        do {
            return try read(path, origin: "this machine's key \(UntrustedText.shown(path))")
        } catch let error where error.isMissing {
            return try make(path)
        }
    }

    /// A key file's bytes, less a final line end (an editor's, or `echo`'s).
    static func read(_ path: String, origin: String) throws(SearchKeyError) -> SearchKey {
        var bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, maxBytes: maximumFileBytes)
        } catch {
            throw SearchKeyError("\(origin): \(error)", isMissing: error.isMissing)
        }
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        guard bytes.count >= minimumBytes else {
            throw SearchKeyError("\(origin) holds \(bytes.count) bytes; a key needs at least \(minimumBytes)")
        }
        return SearchKey(bytes: bytes, origin: origin)
    }

    /// Makes this machine's key: 64 random hexadecimal digits, readable by its owner only,
    /// created exclusively (two searches starting at once end up with one key, the first's).
    static func make(_ path: String) throws(SearchKeyError) -> SearchKey {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        let text = (0..<32).map { _ in
            let byte = UInt8.random(in: 0...255, using: &generator)
            return (byte < 16 ? "0" : "") + String(byte, radix: 16)
        }.joined() + "\n"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            let code = errno
            if code == EEXIST { return try read(path, origin: "this machine's key \(UntrustedText.shown(path))") }
            throw SearchKeyError("cannot make this machine's search key \(UntrustedText.shown(path)): "
                + String(cString: strerror(code)).lowercased() + " (or set SOMA_SEARCH_KEY_FILE)")
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count else {
            unlink(path)
            throw SearchKeyError("cannot write this machine's search key \(UntrustedText.shown(path))")
        }
        return SearchKey(bytes: Array(bytes.dropLast()), origin: "this machine's key \(UntrustedText.shown(path))")
    }
}

public struct SearchKeyError: Error, Sendable, CustomStringConvertible {
    public var description: String
    var isMissing = false

    init(_ description: String, isMissing: Bool = false) {
        self.description = description
        self.isMissing = isMissing
    }
}
