#if canImport(Glibc)
import Glibc
#endif

/// `--peer-secret-file FILE`: the secret every instance of a cluster is given, read from a file
/// (never the command line, which `ps` shows anyone on the machine). A regular file only its
/// owner can read, of 16 to 4096 bytes (one trailing newline is not part of it); anything else
/// is a clear refusal to start.
enum PeerSecret {
    static let minimumBytes = 16, maximumBytes = 4096

    static func read(_ path: String) throws(ServeError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw ServeError("cannot read the peer secret \(path): \(String(cString: strerror(errno)).lowercased())") }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw ServeError("the peer secret \(path) is not a regular file")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw ServeError("the peer secret \(path) can be read by others (mode \(String(status.st_mode & 0o777, radix: 8))); "
                             + "run chmod 600 on it")
        }
        var bytes = [UInt8](repeating: 0, count: maximumBytes + 2)
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + count, $0.count - count) }
            if read == 0 { break }
            if read < 0 {
                if errno == EINTR { continue }
                throw ServeError("cannot read the peer secret \(path): \(String(cString: strerror(errno)).lowercased())")
            }
            count += read
        }
        var secret = Array(bytes[..<count])
        if secret.last == 0x0a { secret.removeLast() }
        guard (minimumBytes...maximumBytes).contains(secret.count) else {
            throw ServeError("the peer secret \(path) must hold \(minimumBytes) to \(maximumBytes) bytes (it holds \(secret.count))")
        }
        return secret
    }
}
