#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way soma reads a file it did not write this run: figures, `pieces:` files, the
/// figures folder, `config.toml`, `progress.json`, checkpoints, shard files, the solution-count
/// cache. Everything on disk is foreign, so a read must end quickly, in bounded memory, with the
/// bytes or with a reason in words:
/// - the file is opened with `O_NONBLOCK` and checked with `fstat` *on the open descriptor*
///   before a byte is read: a FIFO (which would block `open` or `read` until a writer comes), a
///   device such as `/dev/zero` (endless), a socket or a folder is refused as what it is, and no
///   rename between a check and the open can slip one in;
/// - at most `maxBytes` are read: a larger file is refused without being held in memory.
///
/// open(2), fstat(2) and read(2) rather than FileHandle, which only full Foundation has (and
/// full Foundation brings ICU into the binary: issue 17).
public enum BoundedFile {
    /// The bytes of the regular file at `path`, at most `maxBytes` of them.
    public static func read(_ path: String, maxBytes: Int) throws(BoundedFileError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw BoundedFileError(path: path, reason: .openFailed(errno: errno)) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw BoundedFileError(path: path, reason: .readFailed(errno: errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw BoundedFileError(path: path, reason: .folder)
        case S_IFIFO: throw BoundedFileError(path: path, reason: .notRegular("a FIFO (named pipe)"))
        case S_IFCHR, S_IFBLK: throw BoundedFileError(path: path, reason: .notRegular("a device"))
        case S_IFSOCK: throw BoundedFileError(path: path, reason: .notRegular("a socket"))
        default: throw BoundedFileError(path: path, reason: .notRegular("not a regular file"))
        }
        let limit = max(0, maxBytes)
        if Int(info.st_size) > limit { throw BoundedFileError(path: path, reason: .tooLarge(limit: limit)) }
        // The size is a hint only (the file may grow while it is read): the loop stops at the
        // limit whatever it said.
        var bytes = [UInt8](repeating: 0, count: min(limit, max(0, Int(info.st_size))) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { break }
                bytes += [UInt8](repeating: 0, count: min(max(bytes.count, 4096), limit + 1 - count))
            }
            let got = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got == 0 { break }
            if got < 0 {
                if errno == EINTR { continue }
                throw BoundedFileError(path: path, reason: .readFailed(errno: errno))
            }
            count += got
        }
        guard count <= limit else { throw BoundedFileError(path: path, reason: .tooLarge(limit: limit)) }
        return Array(bytes[..<count])
    }

    /// Standard input (`-` on a command line), at most `maxBytes` of it. Unlike a named file it
    /// may be a pipe or a terminal: the player chose to give it, so it is read as it comes, until
    /// its end, but never past the bound.
    public static func readStandardInput(maxBytes: Int) throws(BoundedFileError) -> [UInt8] {
        let path = "(standard input)"
        let limit = max(0, maxBytes)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = chunk.withUnsafeMutableBytes { systemRead(0, $0.baseAddress!, $0.count) }
            if got == 0 { return bytes }
            if got < 0 {
                if errno == EINTR { continue }
                throw BoundedFileError(path: path, reason: .readFailed(errno: errno))
            }
            bytes += chunk[..<got]
            if bytes.count > limit { throw BoundedFileError(path: path, reason: .tooLarge(limit: limit)) }
        }
    }

    /// Whether `path` names something at all (a dangling link counts as nothing).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}

/// Why a file could not be read, in words (`description`), with the path kept apart so that
/// each caller places it as its messages do. The path is the player's own, but it is shown
/// through `UntrustedText` by whoever prints it.
public struct BoundedFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: Reason

    public enum Reason: Sendable, Equatable {
        case openFailed(errno: Int32)
        case folder
        case notRegular(String)
        case tooLarge(limit: Int)
        case readFailed(errno: Int32)
    }

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// True when there is no file at the path (nothing to read, rather than something bad).
    public var isMissing: Bool { reason == .openFailed(errno: ENOENT) }

    public var description: String {
        switch reason {
        case .openFailed(ENOENT): "no such file"
        case .openFailed(EACCES): "cannot be read: permission denied"
        case .openFailed(let code): "cannot be opened: \(Self.words(code))"
        case .folder: "a folder, not a file"
        case .notRegular(let what): "\(what), not a regular file"
        case .tooLarge(let limit): "larger than \(Self.size(limit)), far more than such a file holds"
        case .readFailed(let code): "cannot be read: \(Self.words(code))"
        }
    }

    static func words(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB"
            : bytes >= 1 << 10 && bytes % (1 << 10) == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
    }
}

/// read(2), named apart from `BoundedFile.read`, which hides it inside the type.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
