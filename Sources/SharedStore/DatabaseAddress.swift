/// Where `soma serve --database` keeps the players' progress: `postgres://USER@HOST[:PORT]/DB`
/// (or `postgresql://`). A password may follow the user (`USER:PASSWORD@`), but is better given
/// in `$PGPASSWORD`, which a command line does not show to every user of the machine; the server
/// never prints it. Parsed strictly, with nothing percent-decoded: a name with `@`, `/` or `:` in
/// it is refused rather than guessed at.
public struct DatabaseAddress: Sendable, Equatable, CustomStringConvertible {
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String

    public init?(_ text: String, environmentPassword: String? = nil) {
        guard text.utf8.count <= 1024 else { return nil }
        var rest: Substring
        if text.hasPrefix("postgres://") {
            rest = text.dropFirst("postgres://".count)
        } else if text.hasPrefix("postgresql://") {
            rest = text.dropFirst("postgresql://".count)
        } else {
            return nil
        }
        guard let at = rest.lastIndex(of: "@") else { return nil }
        let credentials = rest[..<at]
        rest = rest[rest.index(after: at)...]
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let hostPort = rest[..<slash]
        let database = rest[rest.index(after: slash)...]
        let userPart: Substring, passwordPart: Substring?
        if let colon = credentials.firstIndex(of: ":") {
            userPart = credentials[..<colon]
            passwordPart = credentials[credentials.index(after: colon)...]
        } else {
            userPart = credentials
            passwordPart = nil
        }
        var host = hostPort, port = 5432
        if hostPort.hasPrefix("[") {
            // [IPv6]:PORT
            guard let close = hostPort.firstIndex(of: "]") else { return nil }
            host = hostPort[hostPort.index(after: hostPort.startIndex)..<close]
            let after = hostPort[hostPort.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":"), let number = Int(after.dropFirst()), (1...65535).contains(number) else { return nil }
                port = number
            }
        } else if let colon = hostPort.lastIndex(of: ":") {
            host = hostPort[..<colon]
            guard let number = Int(hostPort[hostPort.index(after: colon)...]), (1...65535).contains(number) else { return nil }
            port = number
        }
        guard Self.isName(userPart), Self.isName(database), !host.isEmpty,
              host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:".contains($0)) }) else { return nil }
        user = String(userPart)
        self.password = passwordPart.map(String.init) ?? environmentPassword
        self.host = String(host)
        self.port = port
        self.database = String(database)
    }

    /// A user or database name: letters, digits, `_`, `-` and `.`, 1 to 63 bytes (PostgreSQL's
    /// identifier length).
    static func isName(_ text: Substring) -> Bool {
        (1...63).contains(text.utf8.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }
    }

    /// The address without the password, for logs and messages.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(user)@\(shownHost):\(port)/\(database)"
    }
}
