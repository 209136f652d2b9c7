import Gestures

/// A director's actions on its recognizers: added with the director as their owner, held
/// weakly (a recognizer's action must not keep its director alive), and removed when the
/// director goes, since the recognizers belong to the host's gesture manager and outlive it.
/// The wiring every director needs, written once.
final class RecognizerActions {
    private var tokens: [(GestureRecognizer, ActionToken)] = []

    /// Adds `body` as an action of `recognizer`, called with `owner` while it lives.
    func add<Owner: AnyObject>(to recognizer: GestureRecognizer, for owner: Owner,
                               _ body: @escaping (Owner, GestureSnapshot) -> Void) {
        let token = recognizer.addAction { [weak owner] snapshot in
            guard let owner else { return }
            body(owner, snapshot)
        }
        tokens.append((recognizer, token))
    }

    deinit {
        for (recognizer, token) in tokens { recognizer.removeAction(token) }
    }
}
