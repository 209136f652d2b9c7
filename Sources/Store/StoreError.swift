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
import CSQLite

/// Why saved progress could not be opened, read or written, in words a player can act on: the
/// path and the reason ("the folder is read-only", "the disk is full"), never a type name.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or folder concerned.
    public var path: String
    /// What went wrong, in words.
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }

    /// The reason for a failed system call, from `errno` (the C library's own words:
    /// "Permission denied", "No space left on device", "Read-only file system").
    static func system(_ path: String, _ code: Int32 = errno) -> StoreError {
        StoreError(path: path, reason: String(cString: strerror(code)).lowercased())
    }

    /// SQLite's result code said in words; SQLite's own message is added when it says more.
    /// Read by its primary code (the low byte of an extended one: `SQLITE_READONLY_DIRECTORY` is
    /// `SQLITE_READONLY`), as SQLite's documentation advises.
    static func sqlite(_ path: String, code: Int32, message: String) -> StoreError {
        let words: String
        switch code & 0xff {
        case SQLITE_READONLY: words = "the file or its folder is read-only"
        case SQLITE_PERM, SQLITE_AUTH: words = "permission denied"
        case SQLITE_CANTOPEN: words = "the file cannot be opened (no permission on it or its folder?)"
        case SQLITE_FULL: words = "the disk is full"
        case SQLITE_NOTADB: words = "the file is not a soma database (not an SQLite file); it was left as it is"
        case SQLITE_CORRUPT: words = "the database is damaged; it was left as it is"
        case SQLITE_BUSY, SQLITE_LOCKED: words = "another program held the database locked for too long"
        case SQLITE_NOMEM: words = "out of memory"
        case SQLITE_IOERR:
            words = code == SQLITE_IOERR | (12 << 8) ? "out of memory" : "the disk could not be read or written (is it full?)"
        case SQLITE_TOOBIG: words = "a value is too big"
        default:
            // SQLite's message is its own fixed text about the statement, never a value from the file.
            words = message.isEmpty ? "the database could not be used" : "the database could not be used: \(message)"
        }
        return StoreError(path: path, reason: words)
    }

    /// A Foundation error in words: the underlying POSIX reason when there is one. Read from
    /// `CocoaError` and `POSIXError`, which FoundationEssentials has, rather than `NSError`,
    /// which only full Foundation has (and brings ICU into the binary: issue 17).
    public static func words(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)).lowercased() }
        guard let cocoa = error as? CocoaError else { return "\(error)" }
        if let posix = cocoa.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue)).lowercased()
        }
        return "file error \(cocoa.code.rawValue)"
    }
}
