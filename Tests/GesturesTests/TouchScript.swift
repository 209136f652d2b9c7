import Foundation
import Gestures

/// Runs scenarios written in the notation of the spec's Part C against the game graph, with a
/// manual clock and a small front-end stand-in (mouse, keys, wheel pairs per spec B8), and logs
/// every action as `name.state@t values`.
///
/// Tokens (separated by spaces; `t` in milliseconds):
/// - `↓(c,r)@t` or `down(c,r)@t`: left press at cell (c, r); `↓R(c,r)@t`: right press
/// - `→(c,r)@t` or `move(c,r)@t`: motion; `↑@t` or `up@t`: release
/// - `tick@t`: `clock.set(t); manager.tick()`
/// - `key(right|left|up|down|space)@t`, `esc@t`
/// - `wheelUp(c,r)@t`, `wheelDown@t`, `altWheelUp@t`, `altWheelDown(c,r)@t` (cell = pointer)
/// - `disable(name)@t`, `enable(name)@t`; `select`, `deselect` (the keyboard anchor)
///
/// Rig: piece P covers columns 10–19, rows 5–9; `aspect = 2`.
final class TouchScript {
    static let piece = NodeID(1)

    final class Rig: HitTester {
        let metrics: CellMetrics
        init(metrics: CellMetrics) { self.metrics = metrics }
        func hitTest(_ p: GPoint) -> HitResult {
            let (c, r) = metrics.cell(p)
            return (10...19).contains(c) && (5...9).contains(r) ? HitResult(node: TouchScript.piece) : .root
        }
    }

    let clock = ManualClock()
    let metrics = CellMetrics()
    let rig: Rig
    let manager: GestureManager
    let graph: GameGestureGraph
    private(set) var recognizers: [GestureRecognizer]
    var log: [String] = []
    var snapshots: [GestureSnapshot] = []
    /// Added to every time in the script and subtracted in the log, to replay a scenario later.
    var offset: Int64 = 0
    var selected = true
    private(set) var lastTime: Int64 = 0

    private var nextID: UInt64 = 0
    private var mouse: TouchID?
    private var pointer: GPoint
    private var pair: Pair?

    private struct Pair {
        var a: TouchID, b: TouchID
        var rotation: Bool
        var center: GPoint
        var radius: Double
        var angle: Double
        var token: DeadlineToken?
    }

    /// - Parameters:
    ///   - reversed: attach the graph's recognizers in reverse order (order independence).
    ///   - extra: builds further recognizers (attached after the graph, observed too).
    init(reversed: Bool = false, extra: (GameGestureGraph) -> [GestureRecognizer] = { _ in [] }) {
        rig = Rig(metrics: metrics)
        manager = GestureManager(clock: clock, hitTester: rig, metrics: metrics)
        graph = GameGestureGraph(manager: manager, isPiece: { $0 == TouchScript.piece })
        if reversed {
            for r in graph.all { manager.remove(r) }
            for r in graph.all.reversed() { manager.add(r) }
        }
        let more = extra(graph)
        for r in more { manager.add(r) }
        recognizers = graph.all + more
        pointer = metrics.iso(col: 40, row: 12)
        for r in recognizers { observe(r) }
    }

    func observe(_ r: GestureRecognizer) {
        r.addAction { [unowned self] s in
            self.snapshots.append(s)
            self.log.append(self.format(s))
        }
    }

    func recognizer(_ name: String) -> GestureRecognizer {
        guard let r = recognizers.first(where: { $0.name == name }) else { fatalError("no recognizer \(name)") }
        return r
    }

    // MARK: formatting

    static func fmt(_ d: Double) -> String {
        let r = (d * 1000).rounded() / 1000
        if r == 0 { return "0" }
        if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
        return "\(r)"
    }

    static func fmt(_ p: GPoint) -> String { "(\(fmt(p.x)),\(fmt(p.y)))" }

    func format(_ s: GestureSnapshot) -> String {
        let ms = s.timestamp.nanoseconds / 1_000_000 - offset
        var line = "\(s.name).\(s.state)@\(ms)"
        switch s.values {
        case .none: break
        case let .pan(t, d, _): line += " T\(Self.fmt(t)) d\(Self.fmt(d))"
        case let .pinch(scale, delta, _): line += " s\(Self.fmt(scale)) d\(Self.fmt(delta))"
        case let .rotation(r, d, _): line += " r\(Self.fmt(r)) d\(Self.fmt(d))"
        case let .swipe(_, start): line += " start\(Self.fmt(start))"
        case let .tap(count): line += " n\(count) at\(Self.fmt(s.location))"
        }
        return line
    }

    // MARK: running

    /// Runs a script and returns the log lines it added.
    @discardableResult
    func run(_ script: String) -> [String] {
        let start = log.count
        for token in script.split(whereSeparator: { $0 == " " || $0 == "\n" }) { step(String(token)) }
        return Array(log[start...])
    }

    /// Ends whatever is still going (ESC, then every deadline), and re-enables everything.
    func finish() {
        step("esc@\(lastTime + 1)")
        step("tick@\(lastTime + 4000)")
        for r in recognizers { r.isEnabled = true }
    }

    private func step(_ token: String) {
        var head = Substring(token)
        var time: Int64?
        if let at = token.lastIndex(of: "@") {
            head = token[..<at]
            time = Int64(token[token.index(after: at)...])! + offset
        }
        var args: [String] = []
        if let open = head.firstIndex(of: "("), head.last == ")" {
            args = head[head.index(after: open)..<head.index(before: head.endIndex)]
                .split(separator: ",").map { String($0) }
            head = head[..<open]
        }
        if let t = time {
            precondition(t >= clock.now.nanoseconds / 1_000_000, "time goes backwards at \(token)")
            clock.set(.ms(t))
            lastTime = t - offset
        }
        let t = GestureTime.ms(time ?? clock.now.nanoseconds / 1_000_000)
        func cell() -> GPoint { metrics.iso(col: Int(args[0])!, row: Int(args[1])!) }
        switch head {
        case "↓", "down": press(at: cell(), button: .left, t)
        case "↓R", "downR": press(at: cell(), button: .right, t)
        case "→", "move":
            pointer = cell()
            if let m = mouse { manager.handle([.moved(m, to: pointer)], at: t) }
        case "↑", "up":
            if let m = mouse { manager.handle([.ended(m)], at: t) }
            mouse = nil
        case "tick": manager.tick()
        case "key": key(args[0], t)
        case "esc":
            if let token = pair?.token { manager.cancel(token) }
            pair = nil
            manager.cancelAllTouches(at: t)
        case "wheelUp", "wheelDown", "altWheelUp", "altWheelDown":
            if !args.isEmpty { pointer = cell() }
            wheel(up: head.hasSuffix("Up"), rotation: head.hasPrefix("alt"), t)
        case "disable": recognizer(args[0]).isEnabled = false
        case "enable": recognizer(args[0]).isEnabled = true
        case "select": selected = true
        case "deselect": selected = false
        default: fatalError("unknown token \(token)")
        }
    }

    private func newID() -> TouchID {
        nextID += 1
        return TouchID(nextID)
    }

    /// A press ends an active wheel pair in the same event (spec B8). A stale mouse touch (its
    /// release was lost) is cancelled in an event of its own first: a recognizer still tracking it
    /// must be reset before it can take the new touch.
    private func press(at p: GPoint, button: MouseButton, _ t: GestureTime) {
        if let m = mouse, manager.activeTouches.contains(where: { $0.id == m }) {
            manager.handle([.cancelled(m)], at: t)
        }
        pointer = p
        let id = newID()
        mouse = id
        var changes: [TouchChange] = []
        if let pair {
            if let token = pair.token { manager.cancel(token) }
            changes = [.ended(pair.a), .ended(pair.b)]
            self.pair = nil
        }
        changes.append(.began(id, at: p, source: .mouse(button)))
        manager.handle(changes, at: t)
    }

    private func key(_ name: String, _ t: GestureTime) {
        let anchor = selected ? metrics.iso(col: 14, row: 7) : metrics.iso(col: 40, row: 12)
        let hit = selected ? HitResult(node: Self.piece) : HitResult.root
        let id = newID()
        manager.handle([.began(id, at: anchor, source: .keyboard, hit: hit)], at: t)
        let step: GPoint?
        switch name {
        case "right": step = GPoint(x: 2, y: 0)
        case "left": step = GPoint(x: -2, y: 0)
        case "up": step = GPoint(x: 0, y: -2)
        case "down": step = GPoint(x: 0, y: 2)
        default: step = nil
        }
        if let step { manager.handle([.moved(id, to: anchor + step)], at: t) }
        manager.handle([.ended(id)], at: t)
    }

    private func positions(_ p: Pair) -> (GPoint, GPoint) {
        let u = GPoint(x: Self.cos(p.angle), y: Self.sin(p.angle)) * p.radius
        return (p.center - u, p.center + u)
    }

    private func wheel(up: Bool, rotation: Bool, _ t: GestureTime) {
        if let m = mouse, manager.activeTouches.contains(where: { $0.id == m }) { return }
        if let p = pair, p.rotation != rotation { endPair(at: t) }
        if pair == nil {
            let a = newID(), b = newID()
            let p = Pair(a: a, b: b, rotation: rotation, center: pointer, radius: 4.0, angle: 0, token: nil)
            let (pa, pb) = positions(p)
            let hit = rig.hitTest(pointer)
            manager.handle([.began(a, at: pa, source: .synthetic, hit: hit),
                            .began(b, at: pb, source: .synthetic, hit: hit)], at: t)
            pair = p
        }
        guard var p = pair else { return }
        if rotation {
            p.angle += (up ? -15.0 : 15.0) * Double.pi / 180
        } else {
            p.radius = up ? p.radius * 1.1 : p.radius / 1.1
        }
        let (pa, pb) = positions(p)
        manager.handle([.moved(p.a, to: pa), .moved(p.b, to: pb)], at: t)
        if let old = p.token { manager.cancel(old) }
        p.token = manager.schedule(at: t + .ms(200)) { [unowned self] when in self.endPair(at: when) }
        pair = p
    }

    private func endPair(at t: GestureTime) {
        guard let p = pair else { return }
        if let token = p.token { manager.cancel(token) }
        pair = nil
        manager.handle([.ended(p.a), .ended(p.b)], at: t)
    }

    static func sin(_ x: Double) -> Double { Foundation.sin(x) }
    static func cos(_ x: Double) -> Double { Foundation.cos(x) }
}
