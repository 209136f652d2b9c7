/// Why `soma serve` cannot run, in words an operator can act on.
public struct ServeError: Error, CustomStringConvertible, Sendable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
