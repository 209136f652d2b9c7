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
import SQLiteNIO

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
    static func sqlite(_ path: String, _ error: any Error) -> StoreError {
        guard let error = error as? SQLiteError else {
            return StoreError(path: path, reason: "the database could not be used (\(words(error)))")
        }
        let words: String
        switch error.reason {
        case .readOnly, .readonlyDirectory, .readonlyCantLock, .readonlyInRecovery, .readonlyInRollback,
             .readonlyBackingMoved:
            words = "the file or its folder is read-only"
        case .permission, .auth:
            words = "permission denied"
        case .cantOpen, .cantOpenDirectory, .cantOpenInvalidPath, .cantOpenUnfollowedSymlink, .cantOpenCygwinPath:
            words = "the file cannot be opened (no permission on it or its folder?)"
        case .full:
            words = "the disk is full"
        case .notADatabase:
            words = "the file is not a soma database (not an SQLite file); it was left as it is"
        case .corrupt, .corruptIndex, .corruptSequenceSchema, .corruptVirtualTable:
            words = "the database is damaged; it was left as it is"
        case .busy, .busyTimeout, .busyInRecovery, .busyInSnapshot, .locked, .lockedBySharedCache, .lockedVirtualTable:
            words = "another program held the database locked for too long"
        case .noMemory, .ioErrorNoMemory:
            words = "out of memory"
        case .ioError, .ioErrorFailedRead, .ioErrorIncompleteRead, .ioErrorFailedWrite, .ioErrorFailedSync,
             .ioErrorFailedDirSync, .ioErrorFailedTruncate, .ioErrorFailedStat, .ioErrorFailedSharedMemOpen,
             .ioErrorFailedSharedMemSize, .ioErrorFailedSharedMemMap, .ioErrorFailedMemoryMap, .ioErrorFailedClose,
             .ioErrorFailedDelete, .ioErrorFailedAccess:
            words = "the disk could not be read or written (is it full?)"
        case .tooBig:
            words = "a value is too big"
        default:
            words = error.message.isEmpty ? "the database could not be used" : "the database could not be used: \(error.message)"
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
