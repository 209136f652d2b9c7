import NIOCore
#if canImport(Glibc)
import Glibc
#endif

/// Why `soma serve` cannot run, in words an operator can act on.
public struct ServeError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }

    /// "cannot WHAT: REASON", the reason in the system's words for a socket error ("address
    /// already in use"), SwiftNIO's own for anything else.
    static func cannot(_ what: String, _ error: any Error) -> ServeError {
        if let error = error as? IOError {
            return ServeError("cannot \(what): \(String(cString: strerror(error.errnoCode)).lowercased())")
        }
        return ServeError("cannot \(what): \(error)")
    }
}
