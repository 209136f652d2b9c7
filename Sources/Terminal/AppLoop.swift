import CNcurses
import Dispatch
import Scene

/// The imperative shell around a `TerminalProgram`: read input, decode, update, draw, repeat.
/// It is the only owner of mutable state; the program stays a value and the terminal is
/// touched only through `TerminalSession` and `Presenter`.
public enum AppLoop {
    /// How the loop ended.
    public enum Outcome: Hashable, Sendable {
        /// The program (or Ctrl-C) quit.
        case quit
        /// A signal ended it (SIGTERM, SIGINT, SIGHUP, SIGQUIT).
        case signal(TerminalSignal)

        /// The conventional exit status: 0, or 128 + the signal number.
        public var exitStatus: Int32 {
            switch self {
            case .quit: 0
            case .signal(.interrupt): 128 + SIGINT
            case .signal(.terminate): 128 + SIGTERM
            case .signal(.hangUp): 128 + SIGHUP
            case .signal(.quit): 128 + SIGQUIT
            case .signal: 1
            }
        }
    }

    /// Longest sleep while nothing is under way: a signal ends the sleep at once (the handlers
    /// interrupt the session's `poll`; resize and SIGTERM are answered within milliseconds), so this
    /// only bounds how late a signal taken by another thread is seen. It was 0.1 s, ten wakes a
    /// second for every idle game of a server, a third of a millisecond of CPU a second on this
    /// machine's virtual CPUs (issue 35).
    static let idleWait: Double = 1
    /// Longest sleep while background work is under way: its result is seen within this.
    static let busyWait: Double = 0.1
    /// Wait after ESC for the rest of a sequence that came late (slow links).
    static let followUpWait: Int32 = 60
    /// Wait for the rest of a mouse report whose prefix arrived.
    static let tailWait: Int32 = 500
    /// Most input units decoded before the screen is drawn again.
    static let batchLimit = 512
    /// Consecutive waits that returned at once with nothing read, taken as a vanished terminal.
    static let hangUpEvidence = 50

    /// Runs `program` until it quits or a signal ends it. `save` is called with the program's
    /// state whenever it asks to save and before every exit, signals included, while the
    /// terminal is still ours; it answers nil when the save worked, else what went wrong, which
    /// the program hears as `.saved(problem:)`. The terminal is restored before this returns.
    /// `firstFrameOnly` ends the loop, unsaved, once the first frame is drawn: what the start-up
    /// benchmark measures (`SOMA_BENCHMARK_FIRST_FRAME`), never a player's run.
    public static func run<Program: TerminalProgram>(
        _ program: Program, in session: TerminalSession, firstFrameOnly: Bool = false,
        save: (Program) -> String? = { _ in nil }
    ) -> (Program, Outcome) {
        var host = ProgramHost(program, size: session.size, takesBackground: session.asksBackground)
        let strings = TerminalStrings.current(colors: session.colorDepth != .none)
        // ncurses draws where the terminal lacks a string the encoder needs: on its own screens.
        if strings == nil { session.useFullScreens() }
        let presenter = Presenter(depth: session.colorDepth, pairCapacity: session.colorPairCapacity,
                                  asciiOnly: !session.isUTF8, strings: strings)
        let mailbox = Mailbox<Program.Message>()
        var decoder = InputDecoder()
        // The program learns the screen size the way it learns every later change.
        var startActions = host.handle(.input(.resize(session.size)), now: cn_monotonic_seconds())
        startActions.appendEach(host.handle(.start, now: cn_monotonic_seconds()))
        presenter.present(host.frame())
        if firstFrameOnly {
            session.end()
            return (host.program, .quit)
        }

        func finish(_ outcome: Outcome) -> (Program, Outcome) {
            _ = save(host.program)
            session.end()
            return (host.program, outcome)
        }

        var instantTimeouts = 0
        // Whether the pointer-motion mode is to be checked: after the first frame and after every
        // change, not at every wake (the program's answer may take a look at the whole game).
        var motionDue = true
        while true {
            var actions: [ProgramEffect<Program.Message>] = startActions
            startActions = []
            var dirty = false

            while let signal = session.takeSignal() {
                switch signal {
                case .stop:
                    actions.appendEach(host.handle(.suspending, now: cn_monotonic_seconds()))
                    actions.append(.suspend)
                case .continue:
                    session.resume()
                    presenter.invalidate()
                    actions.appendEach(host.handle(.input(.resize(session.size)), now: cn_monotonic_seconds()))
                    dirty = true
                default:
                    return finish(.signal(signal))
                }
            }

            // Read a batch: wait for the first unit, then take whatever else is already there.
            var now = cn_monotonic_seconds()
            // The tick asked for before the read: once the read returns at (or after) it, its
            // time has come. Asked again after the read, `nextTick(after:)` names the one after.
            let due = host.program.nextTick(after: now)
            let longest = mailbox.isWorking ? busyWait : idleWait
            var wait = waitMilliseconds(decoder.wait, deadline: due, now: now, longest: longest)
            for _ in 0..<batchLimit {
                let started = cn_monotonic_seconds()
                let raw = session.read(waitingAtMost: wait)
                // A terminal that is gone (hang-up without SIGHUP) answers every wait at once
                // with end-of-file: leave the way SIGHUP would, saving first, instead of spinning.
                if raw == .timeout && wait >= 20 && cn_monotonic_seconds() - started < 0.002 {
                    instantTimeouts += 1
                    if instantTimeouts >= hangUpEvidence { return finish(.signal(.hangUp)) }
                } else {
                    instantTimeouts = 0
                }
                let events = decoder.feed(raw)
                now = cn_monotonic_seconds()
                for event in events {
                    let effects = host.handle(.input(event), now: now)
                    // A closure, not the key path `\.isUnchanged`: a key path into this generic
                    // type is instantiated at run time at every use, and applied generically
                    // (about 220K instructions, 60 us, for each event).
                    if !effects.contains(where: { $0.isUnchanged }) { dirty = true }
                    actions.appendEach(effects)
                }
                if raw == .timeout && decoder.wait == .idle { break }
                wait = decoder.wait == .idle ? 0 : waitMilliseconds(decoder.wait, deadline: nil, now: now, longest: longest)
            }

            if let deadline = [due, host.program.nextTick(after: now)].compactMap({ $0 }).min(), deadline <= now {
                actions.appendEach(host.handle(.tick, now: now))
                dirty = true
            }
            for message in mailbox.takeAll() {
                actions.appendEach(host.handle(.message(message), now: cn_monotonic_seconds()))
                dirty = true
            }

            for action in actions {
                switch action {
                case .quit:
                    return finish(.quit)
                case .save:
                    startActions.appendEach(host.handle(.saved(problem: save(host.program)), now: cn_monotonic_seconds()))
                    dirty = true
                case .suspend:
                    session.suspend()
                    presenter.invalidate()
                    _ = host.handle(.input(.resize(session.size)), now: cn_monotonic_seconds())
                    dirty = true
                case .perform(let work):
                    mailbox.start(work)
                case .bell:
                    session.bell()
                case .tellHost(let text):
                    session.tellHost(text)
                case .repaint:
                    presenter.invalidate()
                    dirty = true
                case .unchanged:
                    break
                }
            }
            if dirty {
                presenter.present(host.frame())
                motionDue = true
            }
            if motionDue {
                session.trackAnyMotion(!host.isTooSmall && host.program.tracksPointerMotion)
                motionDue = false
            }
        }
    }

    /// The loop's clock: seconds on the monotonic clock, the `now` every program receives.
    public static func now() -> Double { cn_monotonic_seconds() }

    /// `longest`: the idle sleep's bound (`idleWait`, or `busyWait` while work is under way).
    static func waitMilliseconds(_ wait: InputDecoder.Wait, deadline: Double?, now: Double,
                                 longest: Double = idleWait) -> Int32 {
        switch wait {
        case .followUp: return followUpWait
        case .tail: return tailWait
        case .idle:
            let seconds = min(longest, max(0, (deadline ?? .infinity) - now))
            return Int32((seconds * 1000).rounded(.up))
        }
    }
}

/// Results of background work, posted from worker threads and collected by the loop.
final class Mailbox<Message: Sendable>: @unchecked Sendable {
    private let queue = DispatchQueue(label: "soma.terminal.mailbox")
    private var messages: [Message] = []
    /// Work started whose message has not been taken yet.
    private var outstanding = 0

    func start(_ work: @escaping @Sendable () -> Message) {
        queue.sync { outstanding += 1 }
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let message = work()
            queue.sync { messages.append(message) }
        }
    }

    func takeAll() -> [Message] {
        queue.sync {
            defer { messages = [] }
            outstanding -= messages.count
            return messages
        }
    }

    /// Whether any work is under way (or done and not taken): the loop then wakes often enough
    /// to see its result soon.
    var isWorking: Bool { queue.sync { outstanding > 0 } }
}

extension Array {
    /// `self += others`, element by element. In `AppLoop.run`, generic over the program and not
    /// specialised, `+=` went through the unspecialised `append(contentsOf:)`, whose first use
    /// made the runtime find Array's conformance by a search of every conformance record in the
    /// binary: 210,000 instructions of a login's start-up (issue 35). Indexing an array needs no
    /// conformance.
    mutating func appendEach(_ others: [Element]) {
        var index = 0
        while index < others.count {
            append(others[index])
            index += 1
        }
    }
}
