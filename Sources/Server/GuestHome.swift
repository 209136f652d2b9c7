#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// A guest's own folders for one session (issue 36): what the game writes for a guest (a
/// generated figure it keeps, a settings file) lives in a fresh folder of the system's temporary
/// directory, mode 0700, removed when the session ends, never in the server's state directory,
/// where it would stay without a cap and be listed to every other player.
struct GuestHome {
    let path: String

    /// A new folder `soma-guest-XXXXXX` under `$TMPDIR` (or /tmp); nil when none can be made.
    static func make(environment: [String: String] = ProcessInfo.processInfo.environment) -> GuestHome? {
        let base = environment["TMPDIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
        var template = Array((base + "/soma-guest-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { return nil }
        return GuestHome(path: String(cString: template))
    }

    /// The game's places: the guest's figures, settings and state all here.
    var environment: [String] {
        ["HOME=\(path)", "XDG_CONFIG_HOME=\(path)/config", "XDG_STATE_HOME=\(path)/xdg"]
    }

    /// Removes the folder and all the game left in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
