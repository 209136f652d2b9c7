/// Owns the touches, the recognizers, the deadlines and the arbitration between recognizers.
///
/// The front end calls `handle(_:at:)` once per input event and `tick()` whenever its poll times
/// out (at the latest by `nextDeadline`). One call is one dispatch (docs/gestures.md, spec B5):
/// 0. fire the deadlines strictly before the event's time, each as its own dispatch;
/// 1. update the touch table, hit testing new touches once;
/// 2. pre-resolution: a recognizer waiting between sequences may refuse the new touch and fail;
/// 3. candidate assignment: new touches go to the recognizers on their hit path that accept them;
/// 4. delivery, in member order; requests made in callbacks take effect immediately;
/// 6. sweep: a possible recognizer with no touches, no deadline and nothing pending fails;
/// 7. flush the actions, in commit order, with snapshots;
/// 8. reset the recognizers whose attempt is over and whose touches have all lifted.
///
/// Arbitration is deterministic: the member list is ordered by first touch receipt (candidate
/// order breaks ties), and failure propagation runs through a FIFO worklist.
///
/// Performance note: the hot mutable state of the manager and of the recognizers is marked
/// `@exclusivity(unchecked)`. Everything here runs on one thread, and no code path holds a
/// mutating access to one of these properties while calling out (callbacks run between
/// accesses), so the runtime exclusivity checks can never fire; measured, they were about a third
/// of the cost of dispatching a motion through the game graph.
public final class GestureManager {
    public let clock: any GestureClock
    public let metrics: CellMetrics
    private let hitTester: (any HitTester)?

    /// Rule violations that UIKit would assert on in debug builds (illegal state requests, a
    /// failure-requirement deadlock). They are recorded here instead of trapping, so that tests can
    /// check them; the manager ignores the request or breaks the deadlock and carries on.
    public private(set) var diagnostics: [String] = []

    private var attachments: [TargetID: [GestureRecognizer]] = [:]
    @exclusivity(unchecked) private var members: [GestureRecognizer] = []
    @exclusivity(unchecked) private var touchTable: [Touch] = []
    @exclusivity(unchecked) private var deadlines: [Deadline] = []
    private var deadlineSerial: UInt64 = 0
    @exclusivity(unchecked) private var actionQueue: [(GestureRecognizer, GestureSnapshot)] = []
    @exclusivity(unchecked) private var worklist: [Work] = []
    @exclusivity(unchecked) private var isDraining = false
    @exclusivity(unchecked) private var isDispatching = false
    @exclusivity(unchecked) private var needsFollowUp = false
    @exclusivity(unchecked) private var eventQueue: [([TouchChange], GestureTime)] = []
    @exclusivity(unchecked) private var now = GestureTime.zero
    @exclusivity(unchecked) private var dispatchSerial: UInt64 = 0
    /// Set when something happened that can make a member sweepable or resettable (touches ended
    /// or were ignored, deadlines went away, a recognizer reached a terminal state). Dispatches
    /// where nothing of the kind happened (the common motion of a drag) skip steps 6 and 8.
    @exclusivity(unchecked) var needsBookkeeping = false

    private struct Deadline {
        var time: GestureTime
        var serial: UInt64
        var owner: GestureRecognizer?
        var id: Int
        var fire: ((GestureTime) -> Void)?
    }

    private enum Work {
        case request(GestureRecognizer, GestureRecognizer.State)
        case retry(GestureRecognizer)
    }

    private enum Status { case clear, wait, block }

    public init(clock: any GestureClock, hitTester: (any HitTester)? = nil, metrics: CellMetrics = CellMetrics()) {
        self.clock = clock
        self.hitTester = hitTester
        self.metrics = metrics
    }

    // MARK: - Public API

    /// Attaches a recognizer to a target. Attach order only breaks ties between candidates.
    public func add(_ r: GestureRecognizer, to target: TargetID = .root) {
        precondition(r.manager == nil || r.manager === self, "\(r.name) belongs to another manager")
        r.manager = self
        attachments[target, default: []].append(r)
    }

    /// Detaches a recognizer: an attempt in progress is cancelled or failed first (as when it is
    /// disabled), and it receives no new touches.
    public func remove(_ r: GestureRecognizer) {
        for key in Array(attachments.keys) { attachments[key]?.removeAll { $0 === r } }
        if r.isMember { mutate { self.disable(r) } }
        if !r.isMember { r.manager = nil }
    }

    /// The touches alive now (between their `began` and their `ended`/`cancelled`).
    public var activeTouches: [Touch] { touchTable }

    /// The earliest pending deadline: the front end should poll no longer than until then.
    public var nextDeadline: GestureTime? { earliestDeadline().map { deadlines[$0].time } }

    /// Handles one input event at time `t` (stamped by the front end when it was read).
    public func handle(_ changes: [TouchChange], at t: GestureTime) {
        if isDispatching {
            eventQueue.append((changes, t))
            return
        }
        fireDeadlines(before: t, inclusive: false)
        dispatchEvent(changes, at: t)
        drainEventQueue()
    }

    /// Cancels every active touch in one event at `t`: what ESC, a terminal resize, losing focus
    /// and suspending all do (spec B8). Later changes for those ids are ignored.
    public func cancelAllTouches(at t: GestureTime) {
        let changes = touchTable.filter { !$0.phase.isFinal }.map { TouchChange.cancelled($0.id) }
        if !changes.isEmpty { handle(changes, at: t) }
    }

    /// Fires every deadline at or before `clock.now`, in (time, registration) order.
    public func tick() {
        guard !isDispatching else { return }
        fireDeadlines(before: clock.now, inclusive: true)
        drainEventQueue()
    }

    /// A deadline for the front end (the wheel pair's idle end), on the same queue and ordering as
    /// the recognizers' deadlines. `fire` receives the deadline's time and may call `handle`.
    @discardableResult
    public func schedule(at time: GestureTime, _ fire: @escaping (GestureTime) -> Void) -> DeadlineToken {
        deadlineSerial += 1
        deadlines.append(Deadline(time: time, serial: deadlineSerial, owner: nil, id: 0, fire: fire))
        return DeadlineToken(raw: deadlineSerial)
    }

    public func cancel(_ token: DeadlineToken) {
        deadlines.removeAll { $0.owner == nil && $0.serial == token.raw }
    }

    // MARK: - Deadlines

    func schedule(_ r: GestureRecognizer, id: Int, at time: GestureTime) {
        cancelDeadline(r, id: id)
        deadlineSerial += 1
        deadlines.append(Deadline(time: time, serial: deadlineSerial, owner: r, id: id, fire: nil))
        r.deadlineCount += 1
    }

    func cancelDeadline(_ r: GestureRecognizer, id: Int) {
        guard r.deadlineCount > 0 else { return }
        if let i = deadlines.firstIndex(where: { $0.owner === r && $0.id == id }) {
            deadlines.remove(at: i)
            r.deadlineCount -= 1
            needsBookkeeping = true
        }
    }

    private func cancelAllDeadlines(_ r: GestureRecognizer) {
        guard r.deadlineCount > 0 else { return }
        deadlines.removeAll { $0.owner === r }
        r.deadlineCount = 0
        needsBookkeeping = true
    }

    private func earliestDeadline() -> Int? {
        var best: Int?
        for i in deadlines.indices {
            if let b = best {
                let d = deadlines[i], e = deadlines[b]
                if d.time < e.time || (d.time == e.time && d.serial < e.serial) { best = i }
            } else {
                best = i
            }
        }
        return best
    }

    private func fireDeadlines(before t: GestureTime, inclusive: Bool) {
        while let i = earliestDeadline() {
            let d = deadlines[i]
            guard d.time < t || (inclusive && d.time == t) else { return }
            deadlines.remove(at: i)
            if let r = d.owner {
                r.deadlineCount -= 1
                dispatchDeadline(r, id: d.id, at: d.time)
            } else {
                d.fire?(d.time)
            }
            drainEventQueue()
        }
    }

    private func drainEventQueue() {
        while !isDispatching && !eventQueue.isEmpty {
            let (changes, t) = eventQueue.removeFirst()
            fireDeadlines(before: t, inclusive: false)
            dispatchEvent(changes, at: t)
        }
    }

    // MARK: - Dispatch

    private func beginDispatch(at t: GestureTime) {
        isDispatching = true
        now = t
        dispatchSerial &+= 1
    }

    private func endDispatch(pruneTouches: Bool) {
        if needsBookkeeping { sweep() }
        if !actionQueue.isEmpty { flush() }
        if needsBookkeeping {
            needsBookkeeping = false
            resetFinishedMembers()
        }
        if pruneTouches { touchTable.removeAll { $0.phase.isFinal } }
        isDispatching = false
    }

    private func dispatchDeadline(_ r: GestureRecognizer, id: Int, at t: GestureTime) {
        beginDispatch(at: t)
        needsBookkeeping = true
        if !r.state.isTerminal { r.deadlineFired(id, at: t) }
        drain()
        endDispatch(pruneTouches: false)
    }

    /// Runs a mutation made outside callbacks (disable, remove, a performer cancelling) as a
    /// dispatch of its own, timestamped `clock.now`; inside a dispatch it runs at once and the
    /// dispatch sweeps again afterwards.
    private func mutate(_ body: () -> Void) {
        if isDispatching {
            body()
            drain()
            needsFollowUp = true
            needsBookkeeping = true
            return
        }
        beginDispatch(at: clock.now)
        needsBookkeeping = true
        body()
        drain()
        endDispatch(pruneTouches: false)
        drainEventQueue()
    }

    private func dispatchEvent(_ changes: [TouchChange], at t: GestureTime) {
        // 1. touch table
        var changed: [Touch] = []
        changed.reserveCapacity(changes.count)
        var began: [Touch] = []
        var phases: UInt8 = 0
        for c in changes {
            switch c.phase {
            case .began:
                precondition(!touchTable.contains { $0.id == c.id }, "began for active touch \(c.id)")
                guard let p = c.location else { preconditionFailure("began without a location") }
                let hit = c.hitOverride ?? hitTester?.hitTest(p) ?? .root
                let touch = Touch(id: c.id, location: p, timestamp: t, source: c.source,
                                  modifiers: c.modifiers, hit: hit)
                touchTable.append(touch)
                changed.append(touch)
                began.append(touch)
                phases |= Self.phaseBit(.began)
            case .moved:
                guard let i = touchTable.firstIndex(where: { $0.id == c.id }),
                      let p = c.location, p != touchTable[i].location else { continue }
                touchTable[i].previousLocation = touchTable[i].location
                touchTable[i].location = p
                touchTable[i].timestamp = t
                touchTable[i].phase = .moved
                changed.append(touchTable[i])
                phases |= Self.phaseBit(.moved)
            case .ended, .cancelled:
                guard let i = touchTable.firstIndex(where: { $0.id == c.id }) else { continue }
                if let p = c.location, p != touchTable[i].location {
                    touchTable[i].previousLocation = touchTable[i].location
                    touchTable[i].location = p
                }
                touchTable[i].timestamp = t
                touchTable[i].phase = c.phase
                changed.append(touchTable[i])
                phases |= Self.phaseBit(c.phase)
            case .stationary:
                continue
            }
        }
        guard !changed.isEmpty else { return }
        beginDispatch(at: t)
        let hasFinal = phases & (Self.phaseBit(.ended) | Self.phaseBit(.cancelled)) != 0
        if hasFinal { needsBookkeeping = true }
        let event = TouchEvent(timestamp: t, changed: changed, all: touchTable)

        if !began.isEmpty {
            // 2. pre-resolution
            var resolved = false
            for b in began {
                for r in members where r.state == .possible && r.touches.isEmpty && r.pending == nil
                    && r.deadlineCount > 0 && !r.shouldAcceptNewSequence(b) {
                    fail(r)
                    resolved = true
                }
            }
            drain()
            if resolved {
                sweep()
                flush()
                resetFinishedMembers()
                if hasFinal { needsBookkeeping = true }
            }
            // 3. candidate assignment
            for b in began { assign(b) }
        }

        // 4. delivery
        let snapshot = members
        for r in snapshot { deliver(changed, phases: phases, to: r, event: event) }
        drain()
        endDispatch(pruneTouches: hasFinal)
    }

    private static func phaseBit(_ phase: TouchPhase) -> UInt8 {
        switch phase {
        case .began: return 1
        case .moved: return 2
        case .ended: return 4
        case .cancelled: return 8
        case .stationary: return 0
        }
    }

    private func assign(_ b: Touch) {
        let kind = b.source.kind
        let path = b.hit.path.isEmpty ? [TargetID.root] : b.hit.path
        for target in path {
            guard let list = attachments[target] else { continue }
            for r in list {
                guard r.isEnabled, !r.state.isTerminal, r.pending == nil, r.allowedSources.contains(kind),
                      r.touches.count < r.maximumTrackedTouches, !r.tracks(b.id),
                      r.delegate?.gestureRecognizer(r, shouldReceive: b) != false else { continue }
                if !r.isMember {
                    r.isMember = true
                    members.append(r)
                }
                if r.touches.isEmpty && r.firstSource == nil {
                    r.initialHit = b.hit.node
                    r.firstSource = b.source
                    r.firstModifiers = b.modifiers
                }
                r.touches.append(b)
            }
        }
    }

    private func deliver(_ changed: [Touch], phases: UInt8, to r: GestureRecognizer, event: TouchEvent) {
        if r.touches.isEmpty { return }
        let hasFinal = phases & (Self.phaseBit(.ended) | Self.phaseBit(.cancelled)) != 0
        if r.state.isTerminal {
            // No callbacks after the attempt is over; only forget the touches that are gone.
            if hasFinal {
                r.touches.removeAll { t in changed.contains { $0.id == t.id && $0.phase.isFinal } }
            }
            return
        }
        // Refresh the recognizer's copies of its touches.
        var any = false
        var touches = r.touches
        r.touches = []
        for c in changed {
            for i in touches.indices where touches[i].id == c.id {
                touches[i] = c
                any = true
            }
        }
        r.touches = touches
        guard any else { return }
        r.lastKnownLocation = r.centroid()
        for phase in Self.deliveryOrder where phases & Self.phaseBit(phase) != 0 {
            guard !r.state.isTerminal else { break }
            let group = self.touches(of: phase, in: changed, trackedBy: r)
            guard !group.isEmpty else { continue }
            switch phase {
            case .began: r.touchesBegan(group, event: event)
            case .moved: r.touchesMoved(group, event: event)
            case .ended: r.touchesEnded(group, event: event)
            default: r.touchesCancelled(group, event: event)
            }
            if !worklist.isEmpty { drain() }
        }
        if hasFinal { r.touches.removeAll { $0.phase.isFinal } }
    }

    private static let deliveryOrder: [TouchPhase] = [.began, .moved, .ended, .cancelled]

    /// The changed touches of one phase that `r` tracks; the event's own array when that is all of
    /// them (the common case of one changed touch), so delivery usually allocates nothing.
    private func touches(of phase: TouchPhase, in changed: [Touch], trackedBy r: GestureRecognizer) -> [Touch] {
        if changed.count == 1 {
            return changed[0].phase == phase && r.tracks(changed[0].id) ? changed : []
        }
        return changed.filter { $0.phase == phase && r.tracks($0.id) }
    }

    // MARK: - Requests and arbitration

    func request(_ r: GestureRecognizer, to s: GestureRecognizer.State) {
        if !isDispatching {
            mutate { self.request(r, to: s) }
            return
        }
        if s == .changed && r.state.isActive && !isDraining {
            // The motion of an active gesture: nothing to arbitrate.
            commit(r, .changed)
            return
        }
        worklist.append(.request(r, s))
        if !isDraining { drain() }
    }

    private func drain() {
        guard !isDraining, !worklist.isEmpty else { return }
        isDraining = true
        var i = 0
        while i < worklist.count {
            switch worklist[i] {
            case let .request(r, s): process(r, s)
            case let .retry(w):
                if w.state == .possible, let p = w.pending { attemptLeave(w, p) }
            }
            i += 1
        }
        worklist.removeAll(keepingCapacity: true)
        isDraining = false
    }

    private func note(_ message: String) {
        if diagnostics.count < 200 { diagnostics.append(message) }
    }

    /// The legal-transition table (spec B4).
    private func process(_ r: GestureRecognizer, _ s: GestureRecognizer.State) {
        switch r.state {
        case .possible:
            if r.pending != nil {
                switch s {
                case .changed, .began: break  // coalesced while waiting
                case .ended:
                    if r.pending == .began { r.owesBegan = true }
                    r.pending = .ended
                case .failed, .cancelled: fail(r)
                case .possible: note("\(r.name): request possible ignored")
                }
                return
            }
            switch s {
            case .began:
                if r.discrete { note("\(r.name): discrete recognizer cannot begin") } else { attemptLeave(r, .began) }
            case .ended:
                if r.discrete { attemptLeave(r, .ended) } else { note("\(r.name): continuous recognizer cannot end from possible") }
            case .changed: note("\(r.name): possible → changed is illegal")
            case .cancelled, .failed: fail(r)
            case .possible: break
            }
        case .began, .changed:
            switch s {
            case .changed, .ended, .cancelled: commit(r, s)
            case .failed: commit(r, .cancelled)
            case .began, .possible: note("\(r.name): \(r.state) → \(s) is illegal")
            }
        case .ended, .cancelled, .failed:
            note("\(r.name): request \(s) ignored in terminal state \(r.state)")
        }
    }

    /// True when `w` must wait for `o` to fail (static, lazy delegate and subclass forms).
    private func requires(_ w: GestureRecognizer, _ o: GestureRecognizer) -> Bool {
        guard o.isEnabled, o !== w else { return false }
        for x in w.requiredToFail where x === o { return true }
        if w.shouldRequireFailure(of: o) || o.shouldBeRequiredToFail(by: w) { return true }
        if w.delegate?.gestureRecognizer(w, shouldRequireFailureOf: o) == true { return true }
        if o.delegate?.gestureRecognizer(o, shouldBeRequiredToFailBy: w) == true { return true }
        return false
    }

    private func status(_ o: GestureRecognizer) -> Status {
        switch o.state {
        case .began, .changed, .ended: return .block
        case .possible:
            let participating = o.isMember && (!o.touches.isEmpty || o.deadlineCount > 0 || o.pending != nil)
            return participating ? .wait : .clear
        case .cancelled, .failed: return .clear
        }
    }

    private func allowed(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        if a.simultaneousWith.contains(ObjectIdentifier(b)) { return true }
        if a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true { return true }
        if b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true { return true }
        return false
    }

    private func prevents(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        !allowed(a, b) && a.canPrevent(b) && b.canBePrevented(by: a)
    }

    /// Step 1 of `request`: leaving possible for `s` (began, or ended for discrete / owed began).
    private func attemptLeave(_ r: GestureRecognizer, _ s: GestureRecognizer.State) {
        var waiting = false
        for o in members where o !== r && requires(r, o) {
            switch status(o) {
            case .block:
                fail(r)
                return
            case .wait: waiting = true
            case .clear: break
            }
        }
        if waiting {
            if r.pending == nil { r.pending = s }
            return
        }
        if r.delegate?.gestureRecognizerShouldBegin(r) == false {
            fail(r)
            return
        }
        for o in members where o !== r && (o.state.isActive || o.state == .ended) && prevents(o, r) {
            fail(r)
            return
        }
        let target: GestureRecognizer.State = r.owesBegan ? .ended : s
        if r.owesBegan {
            r.state = .began
            enqueueAction(r)
        }
        r.pending = nil
        r.owesBegan = false
        commit(r, target)
        for o in members where o !== r && o.state == .possible && prevents(r, o) { fail(o) }
        for w in members where w !== r && w.state == .possible && requires(w, r) { fail(w) }
    }

    private func commit(_ r: GestureRecognizer, _ s: GestureRecognizer.State) {
        r.state = s
        enqueueAction(r)
        if s.isTerminal {
            cancelAllDeadlines(r)
            needsBookkeeping = true
        }
    }

    /// Fails a possible recognizer, with no action, and lets its waiters try again.
    private func fail(_ x: GestureRecognizer) {
        guard x.state == .possible else { return }
        x.state = .failed
        needsBookkeeping = true
        x.pending = nil
        x.owesBegan = false
        cancelAllDeadlines(x)
        // Every waiter tries again, not only those that required `x`: a recognizer that was
        // disabled no longer counts as a requirement, so its waiters must re-evaluate too.
        for w in members where w !== x && w.pending != nil {
            worklist.append(.retry(w))
        }
    }

    private func enqueueAction(_ r: GestureRecognizer) {
        let values = r.snapshotValues(at: now).withDelta(from: r.lastDeliveredValues)
        r.lastDeliveredValues = values
        let snapshot = GestureSnapshot(
            name: r.name, state: r.state, timestamp: now, location: r.snapshotLocation,
            numberOfTouches: r.touches.count, initialHit: r.initialHit, source: r.firstSource,
            modifiers: r.firstModifiers, values: values, aspect: metrics.aspect, dispatchSerial: dispatchSerial)
        actionQueue.append((r, snapshot))
    }

    /// Step 6: nothing may wait for ever.
    private func sweep() {
        var again = true
        while again {
            again = false
            for m in members where m.state == .possible && m.pending == nil && m.touches.isEmpty && m.deadlineCount == 0 {
                fail(m)
                again = true
            }
            drain()
        }
        let touchesAlive = touchTable.contains { !$0.phase.isFinal }
        if !touchesAlive && deadlines.isEmpty {
            for m in members where m.state == .possible && m.pending != nil {
                note("deadlock: \(m.name) waits for a failure that cannot come")
                fail(m)
            }
            drain()
        }
    }

    /// Step 7: run the actions in commit order; mutations they make get a follow-up sweep.
    private func flush() {
        var i = 0
        while i < actionQueue.count {
            let (r, snapshot) = actionQueue[i]
            i += 1
            for a in r.actions { a.handler(snapshot) }
            if i == actionQueue.count && needsFollowUp {
                needsFollowUp = false
                drain()
                sweep()
            }
        }
        actionQueue.removeAll(keepingCapacity: true)
    }

    /// Step 8: recognizers whose attempt is over and whose touches have lifted start afresh.
    private func resetFinishedMembers() {
        guard members.contains(where: { $0.state.isTerminal && $0.touches.isEmpty }) else { return }
        var kept: [GestureRecognizer] = []
        kept.reserveCapacity(members.count)
        for r in members {
            if r.state.isTerminal && r.touches.isEmpty {
                resetRecognizer(r)
            } else {
                kept.append(r)
            }
        }
        members = kept
    }

    private func resetRecognizer(_ r: GestureRecognizer) {
        cancelAllDeadlines(r)
        r.state = .possible
        r.pending = nil
        r.owesBegan = false
        r.isMember = false
        r.lastDeliveredValues = nil
        r.initialHit = nil
        r.firstSource = nil
        r.firstModifiers = []
        r.touches.removeAll()
        r.reset()
        if !attachments.values.contains(where: { list in list.contains { $0 === r } }) { r.manager = nil }
    }

    // MARK: - Enabling

    func recognizerWasDisabled(_ r: GestureRecognizer) {
        guard r.isMember else { return }
        mutate { self.disable(r) }
    }

    private func disable(_ r: GestureRecognizer) {
        switch r.state {
        case .possible: fail(r)
        case .began, .changed: commit(r, .cancelled)
        default: break
        }
    }
}
