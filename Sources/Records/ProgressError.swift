/// Why saved progress could not be read.
public enum ProgressError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case unsupportedVersion(Int)
    case invalidPose(figure: String)

    public var description: String {
        switch self {
        case .unreadable(let why): "saved progress is damaged (\(why)); starting afresh"
        case .unsupportedVersion(let v): "saved progress has format version \(v), this soma reads \(Progress.currentVersion)"
        case .invalidPose(let name): "saved position of \(name) is damaged"
        }
    }
}
