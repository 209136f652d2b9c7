import Logging
import NIOCore
import NIOPosix
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// One SSH session channel: its requests (`pty-req`, `window-change`, `shell`, `exec`), as
/// `SessionRequest` decides them, and, once started, a child process on a pseudo-terminal
/// (`PseudoTerminal`) whose bytes it copies both ways. The game child is this same binary, told who plays through its environment
/// (`SOMA_PLAYER` or `SOMA_GUEST`, and `SOMA_STATE_DIR` for the database).
///
/// Endings are decided by `SessionLife` (a value, unit-tested) and done here: the client leaves
/// (the channel closes): the child is hung up (SIGHUP; it saves and exits). The server ends it (a
/// limit, shutdown): the child is hung up but its last output (the terminal restored) still
/// reaches the client, then the reason is said, then the exit status. The child exits by itself
/// (the player quit): its exit status is sent and the channel closed. The child dies of a signal
/// the server did not send, or a command passes a limit: the player's terminal is reset and a
/// line says what happened.
///
/// Its parts elsewhere (issue 35 item 7): the child's bytes are read by `ChildPipe` and judged
/// by `ChildOutput` (a value: notes, the first frame, a command's output limit); a session asked
/// to watch a game (`watch NAME`) hands that role to its `SessionWatcher`.
final class GameSession: ChannelInboundHandler, ChildPipeSink, @unchecked Sendable {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    private unowned let connection: Connection
    private let player: Player
    private(set) var context: ChannelHandlerContext?
    /// `TERM` from `pty-req`; nil: the client asked for no terminal.
    private var term: String?
    private var size = TerminalSize.standard
    private var child: PseudoTerminal?
    private var ptyChannel: Channel?
    /// Input that came before the terminal's channel was ready.
    private var pendingInput: [ByteBuffer] = []
    private var started = false
    /// How the session ends (the rules are there; this class does the steps).
    private var life = SessionLife(isCommand: false, cpuLimit: nil, hasTerminal: false)
    /// A command (`exec`), counted against the per-player and per-address limits, not the game.
    private var isCommand = false
    /// What the child's bytes come to (notes, the first frame, a command's output limit).
    private var childOutput = ChildOutput(limit: 0)
    /// When the command started (its wall-time limit counts from it), and since when its
    /// output has waited for the client to read it (nil: the client keeps up).
    private var commandStartedAt: Double?
    /// A guest's folders for this session, removed when it ends.
    private var guestHome: GuestHome?
    private var unreadSince: Double?
    /// When the game started, while it counts in the sessions metric (nil: not a game, or ended).
    private var gameStartedAt: Double?
    /// This game's watchers, while its player lets others watch (`ServerState+Watching`).
    var watchers: [any Watcher] = []
    /// The session's watcher role, when it was asked to watch a game (`watch NAME`): it runs
    /// no child.
    private var watcher: SessionWatcher?
    /// The name of the game this session watches (nil: a player, or not watching yet).
    var watching: String? { watcher?.watching }

    static let noTerminalLine = "soma: this server plays a full-screen game and needs a terminal: "
        + "connect with ssh -t, or run a command: figures, show FIGURE, solve FIGURE"

    init(connection: Connection, player: Player) {
        self.connection = connection
        self.player = player
        server = connection.server
        id = connection.id
        address = connection.address
        connectionOpened = connection.opened
    }

    /// Kept apart from the connection, which may be gone when the reaper reports the child's
    /// exit (the server lives as long as the process).
    private unowned let server: ServerState
    /// The connection's id, which the watch roster counts by, and its address, for the log.
    let id: Int
    let address: String
    /// When the TCP connection opened: the first-frame metric counts from it.
    private let connectionOpened: Double

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard let read = SessionRequest.read(event, exec: server.configuration.execArguments) else {
            return context.fireUserInboundEventTriggered(event)
        }
        carryOut(read.request.decide(wantReply: read.wantReply, in: requestState), event: event)
    }

    /// What `SessionRequest` reads of this session.
    private var requestState: SessionRequest.State {
        SessionRequest.State(started: started, hasTerminal: term != nil, hasChild: child != nil,
                             isClosing: connection.isClosing, isOverflow: connection.isOverflow,
                             size: size, maxSessions: server.configuration.maxSessions)
    }

    /// Does what `SessionRequest` decided: the reply, then the action (a command's reply waits
    /// for the limits' answer, a start's for its child).
    private func carryOut(_ decision: SessionRequest.Decision, event: Any) {
        let wantReply = decision.reply != .none
        switch decision.action {
        case .startGame, .startCommand, .admitCommand: break
        default: if wantReply { reply(true, decision.reply == .success) }
        }
        switch decision.action {
        case .nothing:
            break
        case .useTerminal(let term, let size):
            self.term = term
            self.size = size
        case .resize(let size, let resizesChild):
            self.size = size
            if resizesChild, let child { PseudoTerminal.resize(child.master, to: size) }
        case .startGame:
            start(arguments: server.configuration.gameArguments, wantReply: wantReply)
        case .admitCommand(let arguments):
            let refusal = server.startCommand(connection, player: player)
            if let refusal { ServerLog.logger.notice("exec refused \(connection.address): \(refusal.dropFirst(6))") }
            carryOut(SessionRequest.admitted(arguments, refusal: refusal, wantReply: wantReply), event: event)
        case .startCommand(let arguments):
            isCommand = true
            ServerLog.logger.info("exec \(connection.address) \(arguments.joined(separator: " "))")
            start(arguments: arguments, wantReply: wantReply)
        case .watch(let name):
            startWatching(name)
        case .endAtOnce(let line, let status, let asError):
            endAtOnce(saying: line, status: status, asError: asError)
        case .passOn:
            context?.fireUserInboundEventTriggered(event)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .byteBuffer(let bytes) = message.data, message.type == .channel,
              life.takesInput else { return }
        guard connection.noteInput(bytes.readableBytes) else {
            let limit = server.configuration.maxInputBytesPerSecond
            return connection.disconnect(reason: "input over \(limit) bytes/s",
                                         message: "more than \(limit) bytes of input in one second: disconnected")
        }
        if let watcher, watcher.watching != nil { return watcher.typed(bytes) }
        if let ptyChannel {
            ptyChannel.writeAndFlush(bytes, promise: nil)
        } else if started, pendingInput.count < 64 {
            pendingInput.append(bytes)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // The client reads slowly: stop reading the game until it catches up.
        _ = ptyChannel?.setOption(ChannelOptions.autoRead, value: context.channel.isWritable)
        if context.channel.isWritable { unreadSince = nil } else if unreadSince == nil { unreadSince = MonotonicTime.now() }
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.context = nil
        watcher?.channelClosed()
        ptyChannel?.close(promise: nil)
        perform(life.channelClosed())
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    // MARK: the child

    /// Runs the child `SessionRequest` decided on; the reply (success) once it runs or could not.
    private func start(arguments: [String], wantReply: Bool) {
        started = true
        let configuration = server.configuration
        childOutput = ChildOutput(limit: configuration.commandOutput.bytes)
        life = SessionLife(isCommand: isCommand, cpuLimit: isCommand ? configuration.commandCPU : nil, hasTerminal: term != nil)
        // A guest writes into a folder of the session's own (`GuestHome`), never the state directory.
        if player == .guest { guestHome = GuestHome.make() }
        let places = guestHome?.environment ?? [
            "HOME=\(configuration.stateDirectory)",
            "XDG_CONFIG_HOME=\(configuration.stateDirectory)/config", "XDG_STATE_HOME=\(configuration.stateDirectory)/xdg",
        ]
        let environment = ["PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8"] + places + [
            // Relative to the game's working directory, the state directory: a message that names
            // the database ("cannot use saved progress at ./soma.db") shows players no server path.
            "SOMA_STATE_DIR=.", "TERM=\(term ?? "dumb")",
        ] + player.environment
        let spawned: PseudoTerminal
        let line = StoreLineHook.open(configuration.storeLine, player: player, isCommand: isCommand)
        do {
            spawned = try PseudoTerminal.spawn(executable: configuration.executable, arguments: arguments,
                                               environment: environment + (line.map { _ in ["SOMA_STORE_FD=3"] } ?? []),
                                               size: size, raw: term == nil,
                                               cpuSeconds: isCommand ? Int(configuration.commandCPU.seconds) : nil,
                                               directory: configuration.stateDirectory, passing: line?.child)
            line?.handOver()
        } catch {
            line?.abandon()
            guestHome?.remove()
            guestHome = nil
            // The reason goes to the log only: it may name the server's files.
            ServerLog.logger.error("session \(connection.address): \(error)")
            reply(wantReply, true)
            if isCommand { server.commandEnded(connection) }
            return endAtOnce(saying: "soma: the \(isCommand ? "command" : "game") cannot start on this server just now; sorry",
                             status: 1, asError: true)
        }
        reply(wantReply, true)
        child = spawned
        if isCommand { commandStartedAt = MonotonicTime.now() }
        if !isCommand {
            gameStartedAt = MonotonicTime.now()
        }
        server.playing.started(session: id, player: player, isCommand: isCommand)
        life.childStarted()
        server.watch(child: spawned.pid, of: self)
        guard let eventLoop = context?.eventLoop else { return hangUp(closingTerminal: false) }
        NIOPipeBootstrap(group: eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ChildPipe(sink: self))
                }
            }
            .takingOwnershipOfDescriptor(inputOutput: spawned.master)
            .whenComplete { result in
                switch result {
                case .success(let channel):
                    self.terminalOpened(channel)
                case .failure(let error):
                    ServerLog.logger.error("session \(self.connection.address): the terminal cannot be read: \(error)")
                    self.hangUp(closingTerminal: false)
                    self.perform(self.life.terminalClosed())
                }
            }
    }

    private func terminalOpened(_ channel: Channel) {
        ptyChannel = channel
        for bytes in pendingInput { channel.write(bytes, promise: nil) }
        pendingInput = []
        channel.flush()
        if context == nil || life.isEnding { hangUp(closingTerminal: context == nil) }
    }

    /// What the child wrote, to the client (and its watchers), less the game's notes to the
    /// server, which are acted on.
    func output(_ raw: ByteBuffer) {
        guard let context, !life.isStopped else { return }
        var bytes = raw
        var isFirstFrame = false
        if isCommand {
            if !childOutput.command(raw.readableBytes), let child {
                life.stopForOutput(limit: childOutput.limit)
                kill(child.pid, SIGKILL)
                ptyChannel?.close(promise: nil)
                return
            }
        } else {
            let game = childOutput.game(Array(raw.readableBytesView))
            for note in game.notes { server.note(note, from: self) }
            guard let shown = game.shown else { return }
            if shown.count != raw.readableBytes { bytes = context.channel.allocator.buffer(bytes: shown) }
            for watcher in watchers { watcher.watched(bytes) }
            isFirstFrame = game.isFirstFrame
        }
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(bytes))), promise: nil)
        if isFirstFrame {
            server.metrics.firstFrame(after: MonotonicTime.now() - connectionOpened)
        }
        if !context.channel.isWritable {
            _ = ptyChannel?.setOption(ChannelOptions.autoRead, value: false)
            if unreadSince == nil { unreadSince = MonotonicTime.now() }
        }
    }

    /// On the server's sweep: a command that has run for `--command-time`, or whose output the
    /// client has left unread for the stall limit, is killed and says why at its end.
    func checkCommand(now: Double) {
        guard isCommand, let child, let commandStartedAt, !life.isStopped, life.exitStatus == nil else { return }
        let configuration = server.configuration
        if now - commandStartedAt > configuration.commandTime.seconds {
            life.stop(.timeLimit(configuration.commandTime))
        } else if let unreadSince, now - unreadSince > configuration.commandStall.seconds {
            life.stop(.unread(configuration.commandStall))
        } else {
            return
        }
        kill(child.pid, SIGKILL)
        ptyChannel?.close(promise: nil)
    }

    /// The terminal's channel closed: the child and all it started are gone (or it was closed).
    func terminalClosed() {
        ptyChannel = nil
        perform(life.terminalClosed())
    }

    /// The reaper saw the child exit with `status` (as a shell gives it: 128 + signal).
    func childExited(status: Int32) {
        if !isCommand { server.metrics.gameExited(status: status) }
        perform(life.childExited(status: status))
    }

    /// Does what `life` answered, in order; what needs the channel is skipped once it has gone.
    private func perform(_ steps: [SessionLife.Step]) {
        var statusSent: EventLoopFuture<Void>?
        for step in steps {
            switch step {
            case .hangUp:
                if let child { kill(child.pid, SIGHUP) }
            case .closeTerminalSoon:
                context?.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(500)) { self.ptyChannel?.close(promise: nil) }
            case .resetTerminal:
                if let context { write(ChildEnding.terminalReset, to: context) }
            case .say(let line, let asError):
                if let context { writeLine(line, to: context, asError: asError) }
            case .exitStatus(let status):
                statusSent = context?.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status))
            case .close:
                guard let context else { break }
                if let statusSent {
                    statusSent.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
                } else {
                    context.close(promise: nil)
                }
            case .log(let line):
                ServerLog.logger.warning("session \(connection.address): \(line)")
            case .commandEnded:
                server.commandEnded(connection)
            case .ended:
                guestHome?.remove()
                guestHome = nil
                if watching == nil { server.gameEnded(self) }
                server.playing.ended(session: id)
                if let gameStartedAt {
                    server.metrics.gameEnded(after: MonotonicTime.now() - gameStartedAt)
                    self.gameStartedAt = nil
                }
                connection.sessionEnded(self)
            }
        }
    }

    /// SIGHUP to the child, as a terminal gives it when the line drops: the game saves and exits.
    /// `closingTerminal`: also close the server's end (the client is gone, nothing to pass on).
    private func hangUp(closingTerminal: Bool) {
        if let child, life.hangUp() { kill(child.pid, SIGHUP) }
        if closingTerminal { ptyChannel?.close(promise: nil) }
    }

    /// The server ends the session: the child saves and leaves, then `message` is said.
    func end(telling message: String) {
        if let watcher, watcher.watching != nil {
            server.watcherLeft(watcher)
            return watcher.stopWatching(saying: "soma: \(message)")
        }
        perform(life.serverEnds(saying: message))
    }

    /// The grace is over: close whatever is left (the child, if still there, has had SIGHUP).
    func forceEnd() {
        hangUp(closingTerminal: true)
        context?.close(promise: nil)
    }

    /// The connection closed under the session.
    func connectionClosed() {
        hangUp(closingTerminal: true)
    }

    // MARK: watching

    /// `watch NAME`: this session watches that game, if its player lets others watch
    /// (`SessionWatcher`).
    private func startWatching(_ name: String) {
        started = true
        let watcher = SessionWatcher(session: self, connection: connection, server: server)
        self.watcher = watcher
        watcher.start(name)
    }

    /// Tells the game (its terminal's input, `HostNote`) how many watch it now.
    func tellGame(watchers count: Int) {
        tellGame(note: "watchers \(count)")
    }

    /// Writes a host note (`ESC ] 5379 ; NOTE BEL`) into the game's input, if this session runs
    /// a game (not a command, not a watcher).
    func tellGame(note: String) {
        guard !isCommand, watching == nil, let ptyChannel else { return }
        var buffer = ByteBufferAllocator().buffer(capacity: note.utf8.count + 8)
        buffer.writeString("\u{1b}]5379;\(note)\u{07}")
        ptyChannel.writeAndFlush(buffer, promise: nil)
    }

    // MARK: replies

    private func reply(_ wanted: Bool, _ success: Bool) {
        guard wanted, let context else { return }
        if success {
            context.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
        } else {
            context.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
        }
    }

    /// Says one line and closes with `status`, with no child (no terminal, a refused command).
    func endAtOnce(saying line: String, status: Int, asError: Bool) {
        guard let context, life.finishAtOnce() else { return }
        started = true
        writeLine(line, to: context, asError: asError)
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).assumeIsolated()
            .whenComplete { _ in context.close(promise: nil) }
    }

    private func writeLine(_ line: String, to context: ChannelHandlerContext, asError: Bool) {
        write(line + "\r\n", to: context, asError: asError)
    }

    func write(_ text: String, to context: ChannelHandlerContext, asError: Bool = false) {
        var buffer = context.channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: asError ? .stdErr : .channel, data: .byteBuffer(buffer))),
                              promise: nil)
    }

    /// A `TERM` value as a name of letters, digits and `.+-_` (at most 64), or xterm-256color:
    /// it becomes part of the child's environment.
    static func clean(term: String) -> String {
        let allowed = term.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a) || "._+-".utf8.contains(byte)
        }
        return allowed && !term.isEmpty && term.utf8.count <= 64 ? term : "xterm-256color"
    }
}
