import Crypto
import NIOSSH
#if canImport(FoundationEssentials)
import FoundationEssentials
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The server's Ed25519 host key, made on the first start and read on every later one, so that
/// players' `known_hosts` entries stay valid. The file holds the 32-byte private key in base64
/// under a first line naming the format, and is readable by its owner only: one readable by
/// others is refused, as OpenSSH refuses such a key.
enum HostKeyFile {
    static let header = "soma ed25519 host key"

    /// The key at `path`, made (mode 0600) when no file is there.
    static func loadOrCreate(path: String) throws(ServeError) -> Curve25519.Signing.PrivateKey {
        var status = stat()
        if stat(path, &status) == 0 {
            guard status.st_mode & 0o077 == 0 else {
                throw ServeError("the host key \(path) can be read by others (mode \(String(status.st_mode & 0o777, radix: 8))); "
                                 + "run chmod 600 on it")
            }
            return try read(path)
        }
        let key = Curve25519.Signing.PrivateKey()
        let text = header + "\n" + key.rawRepresentation.base64EncodedString() + "\n"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ServeError("cannot create the host key \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count, fsync(fd) == 0 else {
            unlink(path)
            throw ServeError("cannot write the host key \(path): \(String(cString: strerror(errno)))")
        }
        return key
    }

    private static func read(_ path: String) throws(ServeError) -> Curve25519.Signing.PrivateKey {
        // Non-blocking, so that a FIFO or a device put where the key belongs cannot hang the
        // start; then only a regular file is read (a Kubernetes secret's symlink still works).
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw ServeError("cannot read the host key \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw ServeError("the host key \(path) is not a regular file; move it away to make a new one")
        }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = Glibc.read(fd, &buffer, buffer.count)
        let lines = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self).split(separator: "\n")
        guard lines.count == 2, lines[0] == header, let raw = Data(base64Encoded: String(lines[1])),
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else {
            throw ServeError("the host key \(path) is not one soma wrote; move it away to make a new one")
        }
        return key
    }
}
