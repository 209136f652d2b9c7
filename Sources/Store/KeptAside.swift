#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Moves a file out of the way under a name of its own, never over another file: the first of
/// `FILE.SUFFIX`, `FILE.SUFFIX-2`, `FILE.SUFFIX-3`, ... that does not exist yet. Used for files
/// that could not be read (kept for the player to look at) and for the imported old progress
/// file. Nothing is ever deleted: a second damaged file does not replace the first one's copy.
public enum KeptAside {
    /// The most copies tried before giving up (the folder is then full of them: say so).
    static let attempts = 1000

    /// Moves `path` aside and returns the new path.
    public static func move(_ path: String, suffix: String) throws(StoreError) -> String {
        for n in 1...attempts {
            let target = path + "." + suffix + (n == 1 ? "" : "-\(n)")
            // link(2) fails when the target exists, so no copy is ever replaced, even when two
            // programs set files aside at the same moment.
            if link(path, target) == 0 {
                unlink(path)
                return target
            }
            switch errno {
            case EEXIST:
                continue
            case EPERM, EXDEV, ENOSYS, EOPNOTSUPP:
                // No hard links here: rename, having checked the name is free.
                if access(target, F_OK) == 0 { continue }
                if rename(path, target) == 0 { return target }
                throw StoreError.system(path)
            default:
                throw StoreError.system(path)
            }
        }
        throw StoreError(path: path, reason: "\(attempts) copies named \(path).\(suffix)-N exist already; none was replaced")
    }
}
