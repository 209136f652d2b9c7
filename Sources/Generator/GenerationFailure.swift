/// Why no figure came out: no candidate met the request within its attempts.
public struct GenerationFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public let request: GenerationRequest
    public let attempts: Int

    public var description: String {
        var wanted: [String] = []
        if let n = request.solutions { wanted.append(n == 1 ? "exactly 1 solution" : "exactly \(n) solutions") }
        if let g = request.grade { wanted.append("grade \(g)") }
        return "no figure with \(wanted.joined(separator: " and ")) found in \(attempts) attempts; "
            + "figures with many solutions are compact and rarer (try fewer solutions, or another grade)"
    }
}
