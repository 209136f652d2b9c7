#if canImport(Glibc)
import Glibc
#endif

/// The server's state directory (host key, `soma.db`) made and checked as OpenSSH checks the
/// files it trusts (`StrictModes`): whoever can write there can replace the host key or every
/// player's progress. The directory must be this user's and written by no one else; one that
/// others may write is repaired (mode 0700) and the operator told; every folder above it must
/// belong to this user or root and be writable by no one else unless sticky (as /tmp is). The
/// progress database others may write is repaired the same way.
public enum StateDirectory {
    /// The database and SQLite's companions, which hold every player's progress.
    static let progressFiles = ["soma.db", "soma.db-wal", "soma.db-shm", "soma.db-journal"]

    /// `mkdir -p` with mode 0700 for the last part, then the checks: the lines to tell the
    /// operator (repairs) or why it cannot be used.
    public static func prepare(_ folder: String) -> Result<[String], ServeError> {
        var path = folder.hasPrefix("/") ? "" : "."
        let parts = folder.split(separator: "/")
        for (index, part) in parts.enumerated() {
            path += "/" + part
            if mkdir(path, index == parts.count - 1 ? 0o700 : 0o755) != 0 && errno != EEXIST {
                return .failure(ServeError("cannot use the state directory \(folder): \(String(cString: strerror(errno)))"))
            }
        }
        return check(folder)
    }

    /// The checks alone, on a directory that exists.
    public static func check(_ folder: String) -> Result<[String], ServeError> {
        let me = getuid()
        var status = stat()
        guard lstat(folder, &status) == 0 else {
            return .failure(ServeError("cannot use the state directory \(folder): \(String(cString: strerror(errno)))"))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            return .failure(ServeError("the state directory \(folder) is not a folder (a link or a file is in its place)"))
        }
        guard status.st_uid == me else {
            return .failure(ServeError("the state directory \(folder) belongs to user \(status.st_uid), not to this user (\(me))"))
        }
        var notes: [String] = []
        let mode = status.st_mode & 0o7777
        if mode & 0o022 != 0 {
            guard chmod(folder, 0o700) == 0 else {
                return .failure(ServeError("the state directory \(folder) can be written by others (mode \(String(mode, radix: 8))) "
                                           + "and cannot be changed: \(String(cString: strerror(errno)))"))
            }
            notes.append("the state directory \(folder) could be written by others (mode \(String(mode, radix: 8))): made it 700")
        }
        // The players' progress: written by the server's user only.
        for name in Self.progressFiles {
            let path = folder + "/" + name
            var file = stat()
            guard lstat(path, &file) == 0 else { continue }
            guard file.st_mode & S_IFMT == S_IFREG, file.st_uid == me else {
                return .failure(ServeError("\(path) is not a file of this user (owner \(file.st_uid)); move it away"))
            }
            let fileMode = file.st_mode & 0o7777
            if fileMode & 0o022 != 0 {
                guard chmod(path, fileMode & ~0o022) == 0 else {
                    return .failure(ServeError("\(path) can be written by others and cannot be changed: \(String(cString: strerror(errno)))"))
                }
                notes.append("\(path) could be written by others (mode \(String(fileMode, radix: 8))): "
                             + "made it \(String(fileMode & ~0o022, radix: 8))")
            }
        }
        // The folders above: none may be replaced by someone else.
        var above = folder.hasPrefix("/") ? folder : "./" + folder
        while let slash = above.lastIndex(of: "/") {
            above = slash == above.startIndex ? "/" : String(above[..<slash])
            var parent = stat()
            guard stat(above, &parent) == 0 else { break }
            let writable = parent.st_mode & 0o022 != 0 && parent.st_mode & S_ISVTX == 0
            if parent.st_uid != me && parent.st_uid != 0 || writable {
                return .failure(ServeError("the folder \(above) above the state directory can be changed by another user "
                                           + "(owner \(parent.st_uid), mode \(String(parent.st_mode & 0o7777, radix: 8))); "
                                           + "choose a state directory whose every folder is yours or root's"))
            }
            if above == "/" || above == "." { break }
        }
        return .success(notes)
    }
}
