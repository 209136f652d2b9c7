/// Answers "what is under this point" for new touches (the scene's id buffer, run backwards).
public protocol HitTester: AnyObject {
    func hitTest(_ p: GPoint) -> HitResult
}
