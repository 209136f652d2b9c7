import Foundation
import Testing

/// Compares text with a file under `Snapshots/` next to this source file. With the environment
/// variable `SOMA_RECORD_SNAPSHOTS=1` (or when the file does not exist yet) it writes the file
/// instead and records an issue for a missing file, so a new snapshot is never taken silently.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + ".txt")
        let recording = ProcessInfo.processInfo.environment["SOMA_RECORD_SNAPSHOTS"] == "1"
        let stored = try? String(contentsOf: url, encoding: .utf8)
        if recording || stored == nil {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? (text + "\n").write(to: url, atomically: true, encoding: .utf8)
            if stored == nil && !recording {
                Issue.record("Recorded new snapshot \(name).txt; review it and run again", sourceLocation: sourceLocation)
            }
            return
        }
        #expect(stored == text + "\n", "snapshot \(name).txt differs; rerun with SOMA_RECORD_SNAPSHOTS=1 to accept", sourceLocation: sourceLocation)
    }
}
