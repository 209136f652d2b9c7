/// What one game may ask of its store line (issue 36: a modified game had 20,000 saves
/// answered in half a second, and 400 `load` requests it never read grew the server from 98 to
/// 242 MB). A game asks one request at a time and waits for the answer, a few a second at the
/// most while its player moves pieces; so a line that sends faster than `perSecond` for longer
/// than a `burst`, or has more than `inFlight` requests waiting for their answers, is no game
/// playing, and is cut off (`LineHandler`). A decision as a value: time comes in as `now`.
struct LineBudget: Sendable {
    struct Limits: Sendable, Equatable {
        /// Requests a second a line may keep up.
        var perSecond: Double
        /// Requests a line may send at once above that rate (a game's start reads a few at once).
        var burst: Double
        /// Requests a line may have waiting for their answers (the game waits for each, so one;
        /// a few more for a game whose wait timed out and that asks again).
        var inFlight: Int

        /// A human's game asks a few times a second at the most; a script of keys (the
        /// end-to-end tests) saves each move, tens a second for a moment.
        static let standard = Limits(perSecond: 20, burst: 100, inFlight: 8)
    }

    /// Why a line is cut off.
    enum Verdict: Equatable, Sendable {
        case take
        case tooFast
        case tooMany

        /// The log's words for it.
        func reason(_ limits: Limits) -> String {
            switch self {
            case .take: "it is within its budget"
            case .tooFast: "it sent more than \(Int(limits.burst)) requests at once, above \(Int(limits.perSecond)) a second"
            case .tooMany: "it had more than \(limits.inFlight) requests waiting for their answers (it does not read them)"
            }
        }
    }

    let limits: Limits
    /// Requests the line may still send at once (a token bucket, full at the start).
    private(set) var tokens: Double
    private var last: Double?
    /// Requests taken and not yet answered.
    private(set) var waiting = 0

    init(_ limits: Limits = .standard) {
        self.limits = limits
        tokens = limits.burst
    }

    /// A request arrives at `now`: taken (counted as waiting), or the verdict that cuts the line.
    mutating func request(at now: Double) -> Verdict {
        if let last, now > last, now.isFinite {
            tokens = min(limits.burst, tokens + (now - last) * limits.perSecond)
        }
        last = max(last ?? now, now)
        guard waiting < limits.inFlight else { return .tooMany }
        guard tokens >= 1 else { return .tooFast }
        tokens -= 1
        waiting += 1
        return .take
    }

    /// A request's answer was written.
    mutating func answered() {
        waiting = max(0, waiting - 1)
    }
}
