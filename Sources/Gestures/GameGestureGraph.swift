/// The game's recognizer graph (spec B9), built in one place so that the game and the benchmark
/// use the same one. All recognizers are attached to one target, in the tie-breaking order
/// swipeL, swipeR, swipeU, swipeD, objectPan, cameraPan, tap, doubleTap, pinch, rotation, reset.
///
/// | recognizer | sources | rule |
/// |---|---|---|
/// | swipes | mouse left | receive only touches on a piece |
/// | objectPan | mouse left, keyboard | begins only on a piece; waits for the swipes; 1 touch |
/// | cameraPan | mouse left/right, keyboard | waits for objectPan and the swipes; 1 touch |
/// | tap | mouse left, keyboard | waits for doubleTap |
/// | doubleTap | mouse left | |
/// | pinch, rotation | synthetic (wheel, keys) | |
/// | reset | mouse left | receives only touches off every piece |
///
/// `flicksAtRelease` makes the graph a terminal's: the swipes decide at release (a flick is a
/// press, a move of 3 and a release within `flickDuration`; anything held longer is a drag,
/// see `SwipeGestureRecognizer.decidesAtRelease`), and objectPan no longer waits for them: it
/// begins at the first motion report, so what it carries follows the pointer at once, and the
/// game takes the carry back when the gesture turns out to be a flick.
public final class GameGestureGraph {
    /// How long a terminal flick may hold the button: a hand's flick lets go within about 150 ms
    /// of the press, and a drag, even a fast one, is still held at 300 ms.
    static let flickDuration = GestureTime.ms(200)
    /// A shake's legs: each at most 250 ms, five of them (four reversals) within 1.5 s.
    static let shakeLegDuration = GestureTime.ms(250)
    static let shakeDuration = GestureTime.ms(1500)

    public let swipeLeft: SwipeGestureRecognizer
    public let swipeRight: SwipeGestureRecognizer
    public let swipeUp: SwipeGestureRecognizer
    public let swipeDown: SwipeGestureRecognizer
    public let objectPan: PanGestureRecognizer
    public let cameraPan: PanGestureRecognizer
    public let tap: TapGestureRecognizer
    public let doubleTap: TapGestureRecognizer
    public let pinch: PinchGestureRecognizer
    public let rotation: RotationGestureRecognizer
    public let reset: ResetGestureRecognizer
    /// Held here because recognizers hold their delegate weakly. Give it to any recognizer added
    /// later (a long press) so that it too is simultaneous with the rest.
    public let delegate: GameGestureDelegate

    /// Every recognizer of the graph, in attach order.
    public var all: [GestureRecognizer] {
        [swipeLeft, swipeRight, swipeUp, swipeDown, objectPan, cameraPan, tap, doubleTap, pinch, rotation, reset]
    }

    public var swipes: [SwipeGestureRecognizer] { [swipeLeft, swipeRight, swipeUp, swipeDown] }

    public init(manager: GestureManager, target: TargetID = .root, flicksAtRelease: Bool = false,
                isPiece: @escaping (NodeID) -> Bool = { _ in true }) {
        delegate = GameGestureDelegate(isPiece: isPiece)
        swipeLeft = SwipeGestureRecognizer(direction: .left)
        swipeRight = SwipeGestureRecognizer(direction: .right)
        swipeUp = SwipeGestureRecognizer(direction: .up)
        swipeDown = SwipeGestureRecognizer(direction: .down)
        objectPan = PanGestureRecognizer(name: "objectPan")
        cameraPan = PanGestureRecognizer(name: "cameraPan")
        tap = TapGestureRecognizer(name: "tap")
        doubleTap = TapGestureRecognizer(name: "doubleTap", taps: 2)
        pinch = PinchGestureRecognizer(name: "pinch")
        rotation = RotationGestureRecognizer(name: "rotation")
        reset = ResetGestureRecognizer(name: "reset")

        for s in swipes {
            s.allowedSources = .mouseLeft
            delegate.pieceOnlyReceivers.append(ObjectIdentifier(s))
            if flicksAtRelease {
                s.decidesAtRelease = true
                s.maximumDuration = Self.flickDuration
            }
        }
        objectPan.allowedSources = [.mouseLeft, .keyboard]
        objectPan.maximumNumberOfTouches = 1
        delegate.pieceOnlyBeginners.append(ObjectIdentifier(objectPan))
        if !flicksAtRelease { for s in swipes { objectPan.require(toFail: s) } }

        cameraPan.allowedSources = [.mouseLeft, .mouseRight, .keyboard]
        cameraPan.maximumNumberOfTouches = 1
        cameraPan.require(toFail: objectPan)
        for s in swipes { cameraPan.require(toFail: s) }

        tap.allowedSources = [.mouseLeft, .keyboard]
        tap.require(toFail: doubleTap)
        doubleTap.allowedSources = .mouseLeft

        pinch.allowedSources = .synthetic
        rotation.allowedSources = .synthetic

        reset.allowedSources = .mouseLeft
        // A shake is a hand's: four quick reversals of a few columns each, not a slow look around
        // (the drag on empty space also orbits the view; see ResetGestureRecognizer).
        reset.minimumTurnings = 4
        reset.minimumRun = 3.0
        reset.maximumLegDuration = Self.shakeLegDuration
        reset.maximumShakeDuration = Self.shakeDuration
        delegate.emptyOnlyReceivers.append(ObjectIdentifier(reset))

        for r in all {
            r.delegate = delegate
            manager.add(r, to: target)
        }
    }
}
