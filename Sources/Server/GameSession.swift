import NIOCore
import NIOPosix
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// One SSH session channel: its requests (`pty-req`, `window-change`, `shell`, `exec`) and, once
/// started, a child process on a pseudo-terminal (`PseudoTerminal`) whose bytes it copies both
/// ways. The game child is this same binary, told who plays through its environment
/// (`SOMA_PLAYER` or `SOMA_GUEST`, and `SOMA_STATE_DIR` for the database).
///
/// Endings: the client leaves (the channel closes): the child is hung up (SIGHUP; it saves and
/// exits). The server ends it (a limit, shutdown): the child is hung up but its last output
/// (the terminal restored) still reaches the client, then the reason is said, then the exit
/// status. The child exits by itself (the player quit): its exit status is sent and the
/// channel closed.
final class GameSession: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    private unowned let connection: Connection
    private let player: Player
    private var context: ChannelHandlerContext?
    /// `TERM` from `pty-req`; nil: the client asked for no terminal.
    private var term: String?
    private var size = TerminalSize.standard
    private var child: PseudoTerminal?
    private var ptyChannel: Channel?
    /// Input that came before the terminal's channel was ready.
    private var pendingInput: [ByteBuffer] = []
    private var started = false
    private var ptyOpen = false
    private var exitStatus: Int32?
    private var endMessage: String?
    private var finished = false
    /// The server sent the child SIGHUP (its exit by that signal is no surprise).
    private var hungUp = false
    /// A command (`exec`), counted against the per-player and per-address limits, not the game.
    private var isCommand = false
    /// Bytes a command has written so far, and the bound it passed (it was then killed).
    private var outputBytes = 0
    private var stoppedForOutput: Int?

    static let noTerminalLine = "soma: this server plays a full-screen game and needs a terminal: "
        + "connect with ssh -t, or run a command: figures, show FIGURE, solve FIGURE"

    init(connection: Connection, player: Player) {
        self.connection = connection
        self.player = player
    }

    private var server: ServerState { connection.server }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            guard !started else { return reply(request.wantReply, false) }
            term = Self.clean(term: request.term)
            size = size.changed(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
            reply(request.wantReply, true)
        case let change as SSHChannelRequestEvent.WindowChangeRequest:
            size = size.changed(columns: change.terminalCharacterWidth, rows: change.terminalRowHeight)
            if let child, term != nil { PseudoTerminal.resize(child.master, to: size) }
        case let request as SSHChannelRequestEvent.ShellRequest:
            guard term != nil else {
                reply(request.wantReply, true)
                return endAtOnce(saying: Self.noTerminalLine, status: 1, asError: false)
            }
            start(arguments: server.configuration.gameArguments, wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.ExecRequest:
            switch server.configuration.execArguments(request.command) {
            case .run(let arguments):
                guard !started, !connection.isOverflow else { return start(arguments: arguments, wantReply: request.wantReply) }
                if let refusal = server.startCommand(connection, player: player) {
                    ServerLog.line("exec refused \(connection.address): \(refusal.dropFirst(6))")
                    reply(request.wantReply, true)
                    return endAtOnce(saying: refusal, status: 1, asError: true)
                }
                isCommand = true
                ServerLog.line("exec \(connection.address) \(arguments.joined(separator: " "))")
                start(arguments: arguments, wantReply: request.wantReply)
            case .refuse(let why):
                reply(request.wantReply, true)
                endAtOnce(saying: "soma: \(why)", status: 2, asError: true)
            }
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            reply(request.wantReply, false)
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            reply(request.wantReply, false)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .byteBuffer(let bytes) = message.data, message.type == .channel,
              endMessage == nil, !finished else { return }
        guard connection.noteInput(bytes.readableBytes) else {
            let limit = server.configuration.maxInputBytesPerSecond
            return connection.disconnect(reason: "input over \(limit) bytes/s",
                                         message: "more than \(limit) bytes of input in one second: disconnected")
        }
        if let ptyChannel {
            ptyChannel.writeAndFlush(bytes, promise: nil)
        } else if started, pendingInput.count < 64 {
            pendingInput.append(bytes)
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // The client reads slowly: stop reading the game until it catches up.
        _ = ptyChannel?.setOption(ChannelOptions.autoRead, value: context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func channelInactive(context: ChannelHandlerContext) {
        self.context = nil
        hangUp(closingTerminal: true)
        finished = true
        if isCommand { server.commandEnded(connection) }
        connection.sessionEnded(self)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    // MARK: the child

    private func start(arguments: [String], wantReply: Bool) {
        guard !started, !connection.isClosing else { return reply(wantReply, false) }
        guard !connection.isOverflow else {
            reply(wantReply, true)
            return endAtOnce(saying: "soma: the server is full (\(server.configuration.maxSessions) players); please try again later",
                             status: 1, asError: true)
        }
        started = true
        let configuration = server.configuration
        let environment = [
            "PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "HOME=\(configuration.stateDirectory)",
            "XDG_CONFIG_HOME=\(configuration.stateDirectory)/config", "XDG_STATE_HOME=\(configuration.stateDirectory)/xdg",
            // Relative to the game's working directory, the state directory: a message that names
            // the database ("cannot use saved progress at ./soma.db") shows players no server path.
            "SOMA_STATE_DIR=.", "TERM=\(term ?? "dumb")",
        ] + player.environment
        let spawned: PseudoTerminal
        do {
            spawned = try PseudoTerminal.spawn(executable: configuration.executable, arguments: arguments,
                                               environment: environment, size: size, raw: term == nil,
                                               cpuSeconds: isCommand ? Int(configuration.commandCPU.seconds) : nil,
                                               directory: configuration.stateDirectory)
        } catch {
            // The reason goes to the log only: it may name the server's files.
            ServerLog.line("session \(connection.address): \(error)")
            reply(wantReply, true)
            if isCommand { server.commandEnded(connection) }
            return endAtOnce(saying: "soma: the \(isCommand ? "command" : "game") cannot start on this server just now; sorry",
                             status: 1, asError: true)
        }
        reply(wantReply, true)
        child = spawned
        ptyOpen = true
        server.watch(child: spawned.pid, of: self)
        guard let eventLoop = context?.eventLoop else { return hangUp(closingTerminal: false) }
        NIOPipeBootstrap(group: eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(TerminalReader(session: self))
                }
            }
            .takingOwnershipOfDescriptor(inputOutput: spawned.master)
            .whenComplete { result in
                switch result {
                case .success(let channel):
                    self.terminalOpened(channel)
                case .failure(let error):
                    ServerLog.line("session \(self.connection.address): the terminal cannot be read: \(error)")
                    self.ptyOpen = false
                    self.hangUp(closingTerminal: false)
                }
            }
    }

    private func terminalOpened(_ channel: Channel) {
        ptyChannel = channel
        for bytes in pendingInput { channel.write(bytes, promise: nil) }
        pendingInput = []
        channel.flush()
        if context == nil || endMessage != nil { hangUp(closingTerminal: context == nil) }
    }

    /// What the child wrote, to the client.
    func output(_ bytes: ByteBuffer) {
        guard let context, stoppedForOutput == nil else { return }
        if isCommand {
            outputBytes += bytes.readableBytes
            let limit = server.configuration.commandOutput.bytes
            if outputBytes > limit, let child {
                stoppedForOutput = limit
                kill(child.pid, SIGKILL)
                ptyChannel?.close(promise: nil)
                return
            }
        }
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(bytes))), promise: nil)
        if !context.channel.isWritable { _ = ptyChannel?.setOption(ChannelOptions.autoRead, value: false) }
    }

    /// The terminal's channel closed: the child and all it started are gone (or it was closed).
    func terminalClosed() {
        ptyOpen = false
        ptyChannel = nil
        finishIfDone()
    }

    /// The reaper saw the child exit with `status` (as a shell gives it: 128 + signal).
    func childExited(status: Int32) {
        exitStatus = status
        if ptyOpen {
            // Anything the child left running would keep the terminal open: not for long.
            context?.eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(500)) { self.ptyChannel?.close(promise: nil) }
        }
        finishIfDone()
    }

    private func finishIfDone() {
        guard !finished, exitStatus != nil || child == nil, !ptyOpen else { return }
        finished = true
        if isCommand { server.commandEnded(connection) }
        if let context {
            if let endMessage { writeLine("\r\nsoma: \(endMessage)", to: context, asError: false) }
            let cpuLimit = isCommand ? server.configuration.commandCPU : nil
            if let ending = ChildEnding.of(status: exitStatus ?? 0, hungUp: hungUp, stoppedForOutput: stoppedForOutput, cpuLimit: cpuLimit) {
                ServerLog.line("session \(connection.address): \(ending.line(what: isCommand ? "command" : "game").dropFirst(6))")
                // The game could not give the terminal back: the server does.
                if term != nil { write(ChildEnding.terminalReset, to: context) }
                writeLine((term != nil ? "\r\n" : "") + ending.line(what: isCommand ? "command" : "game"), to: context, asError: term == nil)
            }
            let status = Int(exitStatus ?? 1)
            context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).assumeIsolated()
                .whenComplete { _ in context.close(promise: nil) }
        }
        connection.sessionEnded(self)
    }

    /// SIGHUP to the child, as a terminal gives it when the line drops: the game saves and exits.
    /// `closingTerminal`: also close the server's end (the client is gone, nothing to pass on).
    private func hangUp(closingTerminal: Bool) {
        if let child, exitStatus == nil {
            hungUp = true
            kill(child.pid, SIGHUP)
        }
        if closingTerminal { ptyChannel?.close(promise: nil) }
    }

    /// The server ends the session: the child saves and leaves, then `message` is said.
    func end(telling message: String) {
        guard !finished, endMessage == nil else { return }
        endMessage = message
        if child == nil {
            guard let context else { return }
            finished = true
            writeLine("\r\nsoma: \(message)", to: context, asError: false)
            context.close(promise: nil)
            return
        }
        hangUp(closingTerminal: false)
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
    private func endAtOnce(saying line: String, status: Int, asError: Bool) {
        guard let context, !finished else { return }
        started = true
        finished = true
        writeLine(line, to: context, asError: asError)
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status)).assumeIsolated()
            .whenComplete { _ in context.close(promise: nil) }
    }

    private func writeLine(_ line: String, to context: ChannelHandlerContext, asError: Bool) {
        write(line + "\r\n", to: context, asError: asError)
    }

    private func write(_ text: String, to context: ChannelHandlerContext, asError: Bool = false) {
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

/// Reads the server's end of a session's terminal and hands the bytes to the session; the read
/// error that comes when the child has closed its end (EIO) closes this channel.
final class TerminalReader: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer

    private let session: GameSession

    init(session: GameSession) {
        self.session = session
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.output(unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.terminalClosed()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
