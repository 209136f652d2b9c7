/// The recognizer base class, with UIKit's state machine and vocabulary.
///
/// A subclass interprets the touches it is given (`touchesBegan` … `touchesCancelled`, and
/// `deadlineFired` for its own timers) and asks for state changes with `request(_:)`, the
/// equivalent of UIKit's `state = x`. The `GestureManager` decides whether and when a request takes
/// effect (failure requirements, simultaneity, the legal-transition table) and calls the actions
/// with snapshots after each dispatch.
///
/// Recognizers never read a clock: they use event timestamps and schedule deadlines with the
/// manager, so behaviour depends only on the input.
open class GestureRecognizer {
    /// For logs only; identity is object identity (two recognizers may share a name, pitfall D9).
    public var name: String

    @exclusivity(unchecked) public internal(set) var state: State = .possible

    /// `false` fails a possible recognizer, cancels an active one, and keeps it out of new touch
    /// sequences and out of other recognizers' failure requirements.
    public var isEnabled: Bool = true {
        didSet {
            if oldValue && !isEnabled { manager?.recognizerWasDisabled(self) }
        }
    }

    public weak var delegate: (any GestureRecognizerDelegate)?

    /// The sources whose touches this recognizer receives (UIKit's `allowedTouchTypes`).
    public var allowedSources: TouchSourceKinds = .all

    /// Touches beyond this number are not delivered at all (not a failure).
    public var maximumTrackedTouches: Int = .max

    /// Discrete recognizers go straight from possible to ended; continuous ones through began.
    open class var isDiscrete: Bool { false }

    // MARK: state owned by the manager

    weak var manager: GestureManager?
    var requiredToFail: [GestureRecognizer] = []
    var simultaneousWith: [ObjectIdentifier] = []
    @exclusivity(unchecked) var actions: [(token: Int, handler: (GestureSnapshot) -> Void)] = []
    var nextActionToken = 0
    @exclusivity(unchecked) var lastKnownLocation = GPoint.zero
    @exclusivity(unchecked) var pending: State?
    @exclusivity(unchecked) var owesBegan = false
    @exclusivity(unchecked) var isMember = false
    @exclusivity(unchecked) var deadlineCount = 0
    @exclusivity(unchecked) var lastDeliveredValues: GestureValues?
    @exclusivity(unchecked) var firstSource: TouchSource?
    @exclusivity(unchecked) var firstModifiers: Modifiers = []
    let discrete: Bool

    /// The touches this recognizer tracks, in the order it received them.
    @exclusivity(unchecked) public internal(set) var touches: [Touch] = []

    /// `hit.node` of the first touch of the current attempt.
    @exclusivity(unchecked) public internal(set) var initialHit: NodeID?

    public init(name: String) {
        self.name = name
        discrete = Self.isDiscrete
    }

    // MARK: public API

    /// Makes this recognizer wait, whenever it wants to leave `possible`, until `other` has failed;
    /// if `other` is recognized, this one fails. One-directional. A cycle of static requirements
    /// would make both wait for ever, so it is refused with a precondition failure.
    public func require(toFail other: GestureRecognizer) {
        precondition(other !== self, "\(name) cannot require itself to fail")
        precondition(!other.dependsStatically(on: self),
                     "require(toFail:) cycle: \(other.name) already waits for \(name)")
        if !requiredToFail.contains(where: { $0 === other }) { requiredToFail.append(other) }
    }

    /// True if `require(toFail: other)` would be refused as a cycle.
    public func wouldCreateCycle(requiring other: GestureRecognizer) -> Bool {
        other === self || other.dependsStatically(on: self)
    }

    /// A symmetric static allowance to be recognized together (Hammer's `recognizeWith`), in
    /// addition to the delegates' `shouldRecognizeSimultaneouslyWith`.
    public func recognizeSimultaneously(with other: GestureRecognizer) {
        let a = ObjectIdentifier(self), b = ObjectIdentifier(other)
        if !simultaneousWith.contains(b) { simultaneousWith.append(b) }
        if !other.simultaneousWith.contains(a) { other.simultaneousWith.append(a) }
    }

    /// Calls `handler` with a snapshot for every state this recognizer commits (except failed),
    /// after the dispatch that committed it, in commit order.
    @discardableResult
    public func addAction(_ handler: @escaping (GestureSnapshot) -> Void) -> ActionToken {
        nextActionToken += 1
        actions.append((nextActionToken, handler))
        return ActionToken(raw: nextActionToken)
    }

    public func removeAction(_ token: ActionToken) {
        actions.removeAll { $0.token == token.raw }
    }

    public var numberOfTouches: Int { touches.count }

    /// The centroid of the tracked touches; after they lifted, the centroid they last had.
    public func location() -> GPoint {
        if touches.isEmpty { return lastKnownLocation }
        return centroid()
    }

    public func location(ofTouch index: Int) -> GPoint { touches[index].location }

    /// True while a request to leave `possible` waits for failure requirements.
    public var isPending: Bool { pending != nil }

    // MARK: subclass API

    open func touchesBegan(_ touches: [Touch], event: TouchEvent) {}
    open func touchesMoved(_ touches: [Touch], event: TouchEvent) {}
    open func touchesEnded(_ touches: [Touch], event: TouchEvent) {}
    open func touchesCancelled(_ touches: [Touch], event: TouchEvent) {}

    /// A deadline scheduled with `schedule(id:at:)` has come; `time` is the deadline's time.
    open func deadlineFired(_ id: Int, at time: GestureTime) {}

    /// Asked, while this recognizer waits between touch sequences on a deadline (a tap waiting for
    /// its next tap), whether a new touch can continue the attempt; false fails it first.
    open func shouldAcceptNewSequence(_ touch: Touch) -> Bool { true }

    /// Clear per-attempt state. Called by the manager after the touch sequence, once the recognizer
    /// reached a terminal state; the base class has already cleared touches, deltas and state.
    open func reset() {}

    open func canPrevent(_ other: GestureRecognizer) -> Bool { true }
    open func canBePrevented(by other: GestureRecognizer) -> Bool { true }
    open func shouldRequireFailure(of other: GestureRecognizer) -> Bool { false }
    open func shouldBeRequiredToFail(by other: GestureRecognizer) -> Bool { false }

    /// The cumulative payload for a snapshot taken at `time`. Deltas are filled in by the manager.
    open func snapshotValues(at time: GestureTime) -> GestureValues { .none }

    /// Where the snapshot says the gesture is; the centroid unless a subclass knows better.
    open var snapshotLocation: GPoint { location() }

    /// Asks for a state change (UIKit's `state = s`). Takes effect synchronously, unless it has to
    /// wait for failure requirements; illegal requests are ignored and recorded in the manager's
    /// `diagnostics`.
    public final func request(_ s: State) {
        manager?.request(self, to: s)
    }

    /// Stops tracking one touch without failing.
    public final func ignore(_ touch: TouchID) {
        touches.removeAll { $0.id == touch }
        manager?.needsBookkeeping = true
    }

    /// Registers (or moves) this recognizer's deadline `id`. It fires in `deadlineFired` at `time`.
    public final func schedule(id: Int, at time: GestureTime) {
        manager?.schedule(self, id: id, at: time)
    }

    public final func cancelDeadline(id: Int) {
        manager?.cancelDeadline(self, id: id)
    }

    // MARK: helpers

    func centroid() -> GPoint {
        var sum = GPoint.zero
        for t in touches { sum += t.location }
        return sum / Double(touches.count)
    }

    func tracks(_ id: TouchID) -> Bool {
        for t in touches where t.id == id { return true }
        return false
    }

    private func dependsStatically(on other: GestureRecognizer) -> Bool {
        var seen: [ObjectIdentifier] = []
        var stack: [GestureRecognizer] = [self]
        while let r = stack.popLast() {
            if r === other { return true }
            let id = ObjectIdentifier(r)
            if seen.contains(id) { continue }
            seen.append(id)
            stack.append(contentsOf: r.requiredToFail)
        }
        return false
    }
}
