/// Who gets a place on the server, decided from counts and the clock alone (no sockets, no
/// time read here), so every rule is a unit test (`AdmissionTests`) before it is an end-to-end
/// one. `ServerState` asks it at each event: a TCP connection opens, a connection logs in,
/// closes, starts or ends a command, and on every sweep.
///
/// Two budgets that never mix. **Logins in progress** (connected, not authenticated) have a small
/// global budget of their own and a per-address one: a stranger who opens idle sockets fills at
/// most that budget and never a player's place. When the budget is full a newcomer pushes out the
/// oldest login of the address holding the most (a flood from few addresses loses its own sockets,
/// a player from a fresh address always gets in), or, when every address holds as few as the
/// newcomer's would, the oldest login that has had its short grace. **Playing sessions**
/// (authenticated) count toward `--max-sessions`; past it, a few more are let in only to be told
/// the server is full.
struct Admission {
    struct Limits: Equatable {
        var maxSessions = 64
        /// Logins in progress at once, over all addresses.
        var maxPendingLogins = 32
        /// Logins in progress at once from one address (a class behind one NAT is one address).
        var maxPendingPerAddress = 8
        /// New connections an address may open a minute (`ConnectionRateLimiter`).
        var connectionsPerMinute = 20
        /// Authenticated connections past `maxSessions` let in to be told the server is full.
        var maxOverflow = 8
        /// Seconds a login in progress is safe from being pushed out by one from an address
        /// that holds as many: a real client logs in well within it.
        var pushOutGrace = 2.0
        /// Commands (`ssh HOST solve ...`) running at once for one key, from one address, and in
        /// all (keys cost nothing to make, so the total is what keeps the machine for the games).
        var maxCommandsPerPlayer = 2
        var maxCommandsPerAddress = 4
        var maxCommands = 16
    }

    /// Why a connection is turned away: said to the client (an SSH disconnect message) and logged.
    enum Refusal: Equatable, Sendable {
        case shuttingDown
        case rate(perMinute: Int)
        case loginsFromAddress(Int)
        case loginsInProgress(Int)
        case pushedOut(Int)
        case serverFull(Int)

        /// What the client is told.
        var message: String {
            switch self {
            case .shuttingDown: "soma: the server is shutting down; please try again in a minute"
            case .rate(let count): "soma: more than \(count) new connections a minute from your address; please wait a minute"
            case .loginsFromAddress(let count):
                "soma: \(count) logins from your address are in progress already; please try again when they are done"
            case .loginsInProgress(let count): "soma: the server has \(count) logins in progress; please try again in a few seconds"
            case .pushedOut(let count): "soma: your login took too long while \(count) others waited; please try again"
            case .serverFull(let count): "soma: the server is full (\(count) players); please try again later"
            }
        }
    }

    /// The answer to a new TCP connection.
    enum Entry: Equatable {
        /// Let in to log in; `pushingOut` is a login in progress to close to make room.
        case admitted(pushingOut: Int?)
        case refused(Refusal)
    }

    /// The answer to a connection that has authenticated.
    enum Seat: Equatable {
        case play
        /// Past `maxSessions`: its session is told the server is full and runs nothing.
        case full
        case refused(Refusal)
    }

    enum State: Equatable {
        case pending(address: String, opened: Double)
        case playing(address: String)
        case overflow(address: String, opened: Double)
    }

    let limits: Limits
    private(set) var connections: [Int: State] = [:]
    /// The commands running: connection id -> (player, address).
    private var commands: [Int: (player: String, address: String)] = [:]
    private var rate: ConnectionRateLimiter
    private(set) var shuttingDown = false

    init(limits: Limits) {
        self.limits = limits
        rate = ConnectionRateLimiter(perMinute: limits.connectionsPerMinute)
    }

    var pendingCount: Int { connections.values.count { if case .pending = $0 { true } else { false } } }
    var playingCount: Int { connections.values.count { if case .playing = $0 { true } else { false } } }
    var overflowCount: Int { connections.values.count { if case .overflow = $0 { true } else { false } } }

    /// A TCP connection `id` from `address` (an `AddressGroup` key) at `now`.
    mutating func connect(id: Int, address: String, now: Double) -> Entry {
        if shuttingDown { return .refused(.shuttingDown) }
        guard rate.admit(address, now: now) else { return .refused(.rate(perMinute: limits.connectionsPerMinute)) }
        let pending = connections.compactMap { id, state -> (id: Int, address: String, opened: Double)? in
            if case .pending(let address, let opened) = state { (id, address, opened) } else { nil }
        }
        let fromAddress = pending.count { $0.address == address }
        guard fromAddress < limits.maxPendingPerAddress else { return .refused(.loginsFromAddress(fromAddress)) }
        var pushedOut: Int?
        if pending.count >= limits.maxPendingLogins {
            var perAddress: [String: Int] = [:]
            for login in pending { perAddress[login.address, default: 0] += 1 }
            // The oldest login of the address holding the most (ties: the oldest of them all).
            let victim = pending.min { a, b in
                let (countA, countB) = (perAddress[a.address]!, perAddress[b.address]!)
                return countA != countB ? countA > countB : (a.opened, a.id) < (b.opened, b.id)
            }
            guard let victim, perAddress[victim.address]! > fromAddress + 1 || now - victim.opened >= limits.pushOutGrace else {
                return .refused(.loginsInProgress(pending.count))
            }
            connections[victim.id] = nil
            pushedOut = victim.id
        }
        connections[id] = .pending(address: address, opened: now)
        return .admitted(pushingOut: pushedOut)
    }

    /// Connection `id` has authenticated at `now`: a place to play, or the overflow, or none.
    mutating func loggedIn(id: Int, now: Double) -> Seat {
        guard case .pending(let address, _) = connections[id] else { return .refused(.pushedOut(limits.maxPendingLogins)) }
        if playingCount < limits.maxSessions {
            connections[id] = .playing(address: address)
            return .play
        }
        guard overflowCount < limits.maxOverflow else {
            connections[id] = nil
            return .refused(.serverFull(limits.maxSessions))
        }
        connections[id] = .overflow(address: address, opened: now)
        return .full
    }

    /// Connection `id` has gone (its command with it).
    mutating func closed(id: Int) {
        connections[id] = nil
        commands[id] = nil
    }

    /// No new connection from now on.
    mutating func shutDown() {
        shuttingDown = true
    }

    /// Logins in progress and overflow connections older than `grace` seconds at `now`: to close.
    func expired(now: Double, grace: Double) -> [Int] {
        connections.compactMap { id, state in
            switch state {
            case .pending(_, let opened), .overflow(_, let opened): now - opened > grace ? id : nil
            case .playing: nil
            }
        }.sorted()
    }

    // MARK: commands

    /// Connection `id`, playing as `player` (a key's fingerprint, or nil for a guest, who is
    /// counted by address only), asks to run a command: nil when it may (it is counted until
    /// `commandEnded`), else the line that says why not.
    mutating func startCommand(id: Int, player: String?) -> String? {
        guard case .playing(let address) = connections[id] else { return nil }
        if commands.count >= limits.maxCommands {
            return "soma: the server runs \(commands.count) commands already; please try again in a minute"
        }
        let fromAddress = commands.values.count { $0.address == address }
        if fromAddress >= limits.maxCommandsPerAddress {
            return "soma: \(fromAddress) commands from your address are running already; please wait for one to end"
        }
        if let player {
            let ofPlayer = commands.values.count { $0.player == player }
            if ofPlayer >= limits.maxCommandsPerPlayer {
                return "soma: \(ofPlayer) commands of yours are running already; please wait for one to end"
            }
        }
        commands[id] = (player ?? "", address)
        return nil
    }

    mutating func commandEnded(id: Int) {
        commands[id] = nil
    }

    var commandCount: Int { commands.count }
}
