import Dispatch
import Game
import Scene

/// `soma design` as a `TerminalProgram`: decodes terminal input into the designer's keys and
/// pointer reports, and carries out what the `DesignerSession` asks: autosave through the loop's
/// save hook, solution counts in the background, figure files through `writeFile`.
///
/// A count in flight is cancelled as soon as the design changes again, so a stream of edits
/// never queues up searches; the session itself drops any late answer.
public struct DesignerProgram: TerminalProgram {
    public enum Message: Sendable {
        case counted(SolutionCountResult)
        case wrote(DesignFileOutcome)
    }

    public private(set) var session: DesignerSession
    /// Writes a figure file (the executable's job: it knows the figures folder).
    private let writeFile: @Sendable (DesignFile) -> DesignFileOutcome
    /// The generation of the latest count asked for; older searches see it and stop.
    private let latestCount = LatestGeneration()

    public init(session: DesignerSession, writeFile: @escaping @Sendable (DesignFile) -> DesignFileOutcome) {
        self.session = session
        self.writeFile = writeFile
    }

    public var minimumSize: ScreenSize { ScreenSize(width: 40, height: 12) }

    /// False until the first tick, which starts what the session needs at the outset (the
    /// count of a complete design that was opened): the loop has no start event of its own.
    private var started = false

    public func nextTick(after now: Double) -> Double? { started ? nil : now }

    public mutating func update(_ event: ProgramEvent<Message>, now: Double) -> [ProgramEffect<Message>] {
        switch event {
        case .input(.resize(let size)):
            session.resize(width: size.width, height: size.height)
            return []
        case .input(.key(let press)):
            guard let key = Self.key(press) else { return [] }
            return effects(session.handle(key))
        case .input(.mouse(let mouse)):
            guard let pointer = Self.pointer(mouse) else { return [] }
            return effects(session.handle(pointer))
        case .input(.focus(let focused)):
            return focused ? [] : effects(session.handle(.cancel))
        case .suspending:
            return effects(session.handle(.cancel))
        case .message(.counted(let result)):
            session.apply(result)
            return []
        case .message(.wrote(let outcome)):
            session.fileWritten(outcome)
            return []
        case .tick:
            guard !started else { return [] }
            started = true
            return effects(session.start())
        }
    }

    public func view(size: ScreenSize) -> Canvas {
        session.view(width: size.width, height: size.height)
    }

    private func effects(_ effects: [GameEffect]) -> [ProgramEffect<Message>] {
        effects.compactMap { effect -> ProgramEffect<Message>? in
            switch effect {
            case .openMenu, .computeHint, .solved:
                return nil   // the designer asks for none of these
            case .quit:
                return .quit
            case .autosave:
                return .save
            case .countSolutions(let request):
                let latest = latestCount
                latest.set(request.generation)
                return .perform {
                    .counted(request.run(isCancelled: { latest.get() != request.generation }))
                }
            case .write(let file):
                let write = writeFile
                return .perform { .wrote(write(file)) }
            }
        }
    }

    /// The designer's key for a terminal key press (the games' mapping; Delete also removes),
    /// nil for keys it has no use for.
    static func key(_ press: KeyPress) -> GameKey? {
        if press.key == .delete && press.modifiers.isEmpty { return .backspace }
        return press.gameKey
    }

    /// The designer's pointer report for a mouse event.
    static func pointer(_ mouse: MouseEvent) -> DesignerPointer? {
        switch mouse.action {
        case .press:
            switch mouse.button {
            case .left: return .press(.primary, column: mouse.column, row: mouse.row)
            case .right: return .press(.secondary, column: mouse.column, row: mouse.row)
            case .middle: return .press(.middle, column: mouse.column, row: mouse.row)
            case .none: return nil
            }
        case .drag: return .drag(column: mouse.column, row: mouse.row)
        case .release: return .release(column: mouse.column, row: mouse.row)
        case .wheelUp: return .wheel(up: true)
        case .wheelDown: return .wheel(up: false)
        case .move, .wheelLeft, .wheelRight: return nil
        }
    }
}

/// The one piece of state shared with background counts: which count is the latest. Only the
/// loop's thread sets it; searches read it to know they are stale.
final class LatestGeneration: @unchecked Sendable {
    private let queue = DispatchQueue(label: "soma.designer.latest-count")
    private var value = -1

    func set(_ generation: Int) { queue.sync { value = generation } }
    func get() -> Int { queue.sync { value } }
}
