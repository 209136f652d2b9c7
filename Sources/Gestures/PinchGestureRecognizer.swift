/// A continuous two-touch pinch (UIKit's `UIPinchGestureRecognizer`): the scale is the touches'
/// distance over their distance when the second touch arrived. It begins only once the scale has
/// changed by `scaleThreshold`, never at 0, so a two-touch pan is not a pinch (pitfall D5).
///
/// Like the pan (and unlike the spec's literal "fewer than 2 touches while possible → fail"), a
/// pinch whose `began` is waiting for failure requirements when its touches lift ends with an
/// owed `began` + `ended` rather than failing: the user did pinch, only the decision was late.
/// The rotation and long press recognizers follow the same rule.
open class PinchGestureRecognizer: TwoTouchGestureRecognizer {
    public var scaleThreshold = 0.05
    /// A pair closer than this cannot give a meaningful scale; the second touch is ignored.
    public var minimumSpan = 0.5

    /// The touches' distance when the pair formed.
    @exclusivity(unchecked) private var initialSpan = 1.0

    public init(name: String = "pinch") {
        super.init(name: name, restingValue: 1)
    }

    /// The current scale relative to the start of the pinch.
    public var scale: Double { value }

    private var span: Double { touches[0].location.distance(to: touches[1].location) }

    open override func startMeasuring() -> Bool {
        let s = span
        guard s >= minimumSpan else { return false }
        initialSpan = s
        return true
    }

    open override func measure() -> Double { span / initialSpan }

    open override func isPastThreshold(_ value: Double) -> Bool { abs(value - 1) >= scaleThreshold }

    open override func snapshotValues(at time: GestureTime) -> GestureValues {
        .pinch(scale: value, scaleDelta: 1, velocity: velocity(at: time))
    }
}
