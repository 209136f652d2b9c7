import Crypto
import NIOCore
import NIOPosix

/// The watcher's instance's side of a watch of a game on another instance (`PeerWire`): it
/// connects to the address the `playing` table gave, answers the greeting with a request whose
/// MAC proves it holds the cluster's secret, checks the answer's MAC the same way, then hands
/// the game's output to the watcher's session (`SessionWatcher.watchRemote`) through a
/// `HostNoteFilter` of its own, as a local game's output is. Everything read is bounded: a
/// frame by `PeerFrameReader`, the exchange by `PeerWire.handshakeSeconds`, the output by the
/// session's `WatcherQueue`; the peer's codes become this instance's own sentences and the name
/// it answers must be a display name. Exactly one of `connected` or `refused` is told, and
/// after `connected` exactly one `ended` (nil: the connection was lost).
enum PeerWatch {
    enum Event {
        case connected(Channel, shown: String)
        case refused(String)
        case output(ByteBuffer)
        case ended(PeerWire.Ending?)
    }

    static func connect(to address: ListenAddress, name: String, key: SymmetricKey, loop: EventLoop,
                        events: @escaping @Sendable (Event) -> Void) {
        let handler = Handler(name: name, key: key, events: events)
        ClientBootstrap(group: loop)
            .connectTimeout(.seconds(PeerWire.handshakeSeconds))
            .channelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(handler) }
            }
            .connect(host: address.host, port: address.port)
            .whenFailure { error in handler.failed("cannot connect (\(error))") }
    }

    final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        private let name: String
        private let key: SymmetricKey
        private let events: @Sendable (Event) -> Void
        private var reader = PeerFrameReader()
        private var notes = HostNoteFilter()
        private var state = State.connecting
        private var context: ChannelHandlerContext?

        private enum State {
            case connecting
            case asked(theirs: String, ours: String)
            case watching
            case done
        }

        init(name: String, key: SymmetricKey, events: @escaping @Sendable (Event) -> Void) {
            self.name = name
            self.key = key
            self.events = events
        }

        func handlerAdded(context: ChannelHandlerContext) {
            self.context = context
            context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(PeerWire.handshakeSeconds)) {
                switch self.state {
                case .connecting, .asked: self.refuse("no answer within \(PeerWire.handshakeSeconds)s")
                case .watching, .done: break
                }
            }
        }

        /// The connection could not be made.
        func failed(_ reason: String) {
            guard case .connecting = state else { return }
            state = .done
            events(.refused(reason))
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let bytes = unwrapInboundIn(data)
            let frames: [PeerWire.Frame]
            do {
                frames = try reader.feed(bytes.readableBytesView)
            } catch {
                return lose("\(error)")
            }
            for frame in frames {
                read(frame, context: context)
                if case .done = state { return }
            }
        }

        private func read(_ frame: PeerWire.Frame, context: ChannelHandlerContext) {
            let text = { String(decoding: frame.payload, as: UTF8.self) }
            switch (state, frame.kind) {
            case (.connecting, .hello):
                let words = text().split(separator: " ")
                guard words.count == 3, "\(words[0]) \(words[1])" == PeerWire.version, PeerWire.isNonce(words[2]) else {
                    return refuse("not a soma peer")
                }
                let theirs = String(words[2]), ours = PeerWire.nonce()
                state = .asked(theirs: theirs, ours: ours)
                var buffer = context.channel.allocator.buffer(capacity: 128)
                PeerWire.encode(.watch, ours + " " + PeerWire.mac(["watch", theirs, ours, name], key: key) + " " + name, into: &buffer)
                context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
            case (.asked(let theirs, let ours), .ok):
                let words = text().split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
                guard words.count == 2, PeerWire.isName(String(words[1])),
                      PeerWire.check(String(words[0]), ["ok", theirs, ours, String(words[1])], key: key) else {
                    return refuse("an answer without the cluster's MAC")
                }
                state = .watching
                events(.connected(context.channel, shown: String(words[1])))
            case (.asked, .no):
                refuse(PeerWire.Refusal(rawValue: text()).map { "no (\($0.rawValue))" } ?? "no")
            case (.watching, .output):
                let (output, _) = notes.feed(frame.payload)
                guard !output.isEmpty else { return }
                events(.output(context.channel.allocator.buffer(bytes: output)))
            case (.watching, .end):
                state = .done
                events(.ended(PeerWire.Ending(rawValue: text()) ?? nil))
                context.close(promise: nil)
            default:
                lose("unexpected \(frame.kind)")
            }
        }

        func channelInactive(context: ChannelHandlerContext) {
            lose("closed")
            self.context = nil
            context.fireChannelInactive()
        }

        func errorCaught(context: ChannelHandlerContext, error: Error) {
            lose("\(error)")
        }

        private func refuse(_ reason: String) {
            switch state {
            case .connecting, .asked:
                state = .done
                events(.refused(reason))
                context?.close(promise: nil)
            case .watching, .done:
                break
            }
        }

        /// The connection failed or broke: refused before the answer, lost after it.
        private func lose(_ reason: String) {
            switch state {
            case .connecting, .asked:
                refuse(reason)
            case .watching:
                state = .done
                events(.ended(nil))
                context?.close(promise: nil)
            case .done:
                break
            }
        }
    }
}
