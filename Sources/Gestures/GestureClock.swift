/// The only source of time for the gesture core (rule T1 of the spec).
///
/// Recognizers never read it: they see event timestamps and deadline times. The front end reads it
/// to stamp input as it is read, and `GestureManager.tick()` reads it to fire deadlines.
public protocol GestureClock: AnyObject {
    var now: GestureTime { get }
}
