/// Work the game asks the terminal loop to do for it, outside the pure state update.
public enum SomaEffect: Hashable, Sendable {
    /// Run `request.run()` in the background and send the result back as `.hintArrived`.
    case computeHint(HintRequest)
}
