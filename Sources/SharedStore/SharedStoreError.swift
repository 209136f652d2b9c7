import PostgresNIO

/// Why the shared store could not do something, in words for a log or a player: never the
/// password, never a Swift type name.
public struct SharedStoreError: Error, Sendable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }

    /// A PostgresNIO error said briefly: the server's own message when it sent one, else the
    /// kind of failure (the connection refused, closed, timed out).
    static func from(_ error: any Error) -> SharedStoreError {
        if let error = error as? SharedStoreError { return error }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                return SharedStoreError("the database said: \(message.prefix(300))")
            }
            return SharedStoreError("the database cannot be reached (\(String(describing: error.code).prefix(80)))")
        }
        return SharedStoreError("the database cannot be reached (\(String(describing: error).prefix(120)))")
    }
}
