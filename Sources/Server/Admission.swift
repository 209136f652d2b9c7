/// Who gets a place on the server, decided from counts and the clock alone (no sockets, no
/// time read here), so every rule is a unit test (`AdmissionTests`) before it is an end-to-end
/// one. `ServerState` asks it at each event: a TCP connection opens, says its first bytes, logs
/// in, opens or ends a session, closes, starts or ends a command, and on every sweep.
///
/// Two budgets that never mix. **Logins in progress** (connected, not authenticated) have a small
/// global budget of their own and a per-address one: a stranger who opens idle sockets fills at
/// most that budget and never a player's place. A connection that has said nothing (no SSH
/// version line) is the first to go: past `firstBytesSeconds` it is closed; once the budget is a
/// third full, each newcomer drops the oldest silent one with a chance that rises to certainty
/// as the budget fills (OpenSSH's `MaxStartups start:rate:full`, applied to the silent only, so
/// a real client, which speaks within milliseconds, is never the one dropped). When the budget is
/// full a newcomer pushes out a silent login, or else the oldest login of the address holding the
/// most (a flood from few addresses loses its own sockets, a player from a fresh address always
/// gets in), or, when every address holds as few as the newcomer's would, the oldest login that
/// has had its short grace. **Playing sessions** (authenticated) count toward `--max-sessions`
/// and, per address, toward `--sessions-per-address`; a place with no session open is given
/// back after `seatGrace` seconds (`ssh -N` holds nothing); past `--max-sessions`, a few more
/// are let in only to be told the server is full. The sessions metric counts these places.
struct Admission {
    struct Limits: Equatable {
        var maxSessions = 64
        /// Logins in progress at once, over all addresses.
        var maxPendingLogins = 32
        /// Logins in progress at once from one address (a class behind one NAT is one address).
        var maxPendingPerAddress = 8
        /// Places held at once from one address (`--sessions-per-address`).
        var maxSessionsPerAddress = 8
        /// New connections an address may open a minute (`ConnectionRateLimiter`).
        var connectionsPerMinute = 20
        /// Authenticated connections past `maxSessions` let in to be told the server is full.
        var maxOverflow = 8
        /// Seconds a login in progress is safe from being pushed out by one from an address
        /// that holds as many: a real client logs in well within it.
        var pushOutGrace = 2.0
        /// Seconds a connection may stay silent (no byte at all) before it is closed: an SSH
        /// client sends its version line as soon as it has connected.
        var firstBytesSeconds = 5.0
        /// Seconds a silent connection is safe from the early drop (a client's first bytes may
        /// still be on their way).
        var silentGrace = 0.5
        /// The early drop of silent logins (`MaxStartups start:rate:full`): from `earlyDropStart`
        /// logins in progress, a newcomer drops the oldest silent one with `earlyDropRate`
        /// percent chance, rising linearly to 100 at `maxPendingLogins`.
        var earlyDropStart: Int? = nil
        var earlyDropRate = 30
        /// Seconds an authenticated connection may hold its place with no session open.
        var seatGrace = 10.0
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
        case sessionsFromAddress(Int)

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
            case .sessionsFromAddress(let count):
                "soma: \(count) players from your address are connected already; please try again when one leaves"
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
        /// `spoke`: its first bytes have come.
        case pending(address: String, opened: Double, spoke: Bool)
        /// `idleSince`: when it last had no session open (nil: one is open now).
        case playing(address: String, idleSince: Double?)
        case overflow(address: String, opened: Double)
    }

    let limits: Limits
    private(set) var connections: [Int: State] = [:]
    /// The commands running: connection id -> (player, address).
    private var commands: [Int: (player: String, address: String)] = [:]
    private var rate: ConnectionRateLimiter
    private(set) var shuttingDown = false

    /// A number in 0..<1 for the early drop's chance (passed in, so tests choose it).
    private let random: () -> Double

    init(limits: Limits, random: @escaping () -> Double = { Double.random(in: 0..<1) }) {
        self.limits = limits
        self.random = random
        rate = ConnectionRateLimiter(perMinute: limits.connectionsPerMinute)
    }

    /// Where the early drop starts: the option, or a third of the budget.
    var earlyDropStart: Int { limits.earlyDropStart ?? max(1, limits.maxPendingLogins / 3) }

    var pendingCount: Int { connections.values.count { if case .pending = $0 { true } else { false } } }
    var playingCount: Int { connections.values.count { if case .playing = $0 { true } else { false } } }
    var overflowCount: Int { connections.values.count { if case .overflow = $0 { true } else { false } } }

    /// A TCP connection `id` from `address` (an `AddressGroup` key) at `now`.
    mutating func connect(id: Int, address: String, now: Double) -> Entry {
        if shuttingDown { return .refused(.shuttingDown) }
        guard rate.admit(address, now: now) else { return .refused(.rate(perMinute: limits.connectionsPerMinute)) }
        let pending = pendingLogins
        let fromAddress = pending.count { $0.address == address }
        guard fromAddress < limits.maxPendingPerAddress else { return .refused(.loginsFromAddress(fromAddress)) }
        var pushedOut: Int?
        if pending.count >= limits.maxPendingLogins {
            if let silent = oldestSilent(in: pending, now: now) {
                pushedOut = silent
            } else {
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
                pushedOut = victim.id
            }
        } else if pending.count >= earlyDropStart, let silent = oldestSilent(in: pending, now: now) {
            // MaxStartups' curve: rate% at the start, 100% when the budget is full.
            let span = max(1, limits.maxPendingLogins - earlyDropStart)
            let percent = Double(limits.earlyDropRate) + Double(100 - limits.earlyDropRate) * Double(pending.count - earlyDropStart) / Double(span)
            if random() * 100 < percent { pushedOut = silent }
        }
        if let pushedOut { connections[pushedOut] = nil }
        connections[id] = .pending(address: address, opened: now, spoke: false)
        return .admitted(pushingOut: pushedOut)
    }

    private var pendingLogins: [(id: Int, address: String, opened: Double, spoke: Bool)] {
        connections.compactMap { id, state -> (id: Int, address: String, opened: Double, spoke: Bool)? in
            if case .pending(let address, let opened, let spoke) = state { (id, address, opened, spoke) } else { nil }
        }
    }

    /// The silent login to drop first, past its short grace: the oldest of the address holding
    /// the most silent ones.
    private func oldestSilent(in pending: [(id: Int, address: String, opened: Double, spoke: Bool)], now: Double) -> Int? {
        let silent = pending.filter { !$0.spoke && now - $0.opened >= limits.silentGrace }
        var perAddress: [String: Int] = [:]
        for login in silent { perAddress[login.address, default: 0] += 1 }
        return silent.min { a, b in
            let (countA, countB) = (perAddress[a.address]!, perAddress[b.address]!)
            return countA != countB ? countA > countB : (a.opened, a.id) < (b.opened, b.id)
        }?.id
    }

    /// Connection `id` has sent its first bytes: it is no longer silent.
    mutating func spoke(id: Int) {
        if case .pending(let address, let opened, false) = connections[id] {
            connections[id] = .pending(address: address, opened: opened, spoke: true)
        }
    }

    /// Connection `id` has authenticated at `now`: a place to play, or the overflow, or none.
    mutating func loggedIn(id: Int, now: Double) -> Seat {
        guard case .pending(let address, _, _) = connections[id] else { return .refused(.pushedOut(limits.maxPendingLogins)) }
        let fromAddress = connections.values.count { state in
            switch state {
            case .playing(let other, _), .overflow(let other, _): other == address
            case .pending: false
            }
        }
        if fromAddress >= limits.maxSessionsPerAddress {
            connections[id] = nil
            return .refused(.sessionsFromAddress(fromAddress))
        }
        if playingCount < limits.maxSessions {
            connections[id] = .playing(address: address, idleSince: now)
            return .play
        }
        guard overflowCount < limits.maxOverflow else {
            connections[id] = nil
            return .refused(.serverFull(limits.maxSessions))
        }
        connections[id] = .overflow(address: address, opened: now)
        return .full
    }

    /// Connection `id` opened a session (a game, a command, a watch): its place is in use.
    mutating func sessionOpened(id: Int) {
        if case .playing(let address, _) = connections[id] { connections[id] = .playing(address: address, idleSince: nil) }
    }

    /// Connection `id`'s session ended at `now`: its place is idle again until the next one.
    mutating func sessionClosed(id: Int, now: Double) {
        if case .playing(let address, nil) = connections[id] { connections[id] = .playing(address: address, idleSince: now) }
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
            case .pending(_, let opened, _), .overflow(_, let opened): now - opened > grace ? id : nil
            case .playing: nil
            }
        }.sorted()
    }

    /// Logins in progress that have sent nothing for `firstBytesSeconds` at `now`: to close.
    func silent(now: Double) -> [Int] {
        connections.compactMap { id, state -> Int? in
            if case .pending(_, let opened, false) = state, now - opened > limits.firstBytesSeconds { id } else { nil }
        }.sorted()
    }

    /// Places held with no session open for `seatGrace` seconds at `now` (`ssh -N`): to close.
    func idleSeats(now: Double) -> [Int] {
        connections.compactMap { id, state -> Int? in
            if case .playing(_, let idleSince?) = state, now - idleSince > limits.seatGrace { id } else { nil }
        }.sorted()
    }

    // MARK: commands

    /// Connection `id`, playing as `player` (a key's fingerprint, or nil for a guest, who is
    /// counted by address only), asks to run a command: nil when it may (it is counted until
    /// `commandEnded`), else the line that says why not.
    mutating func startCommand(id: Int, player: String?) -> String? {
        guard case .playing(let address, _) = connections[id] else { return nil }
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
