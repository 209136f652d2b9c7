import Foundation
import Testing

/// The module imports nothing and reads no clock by itself: no `import`, no timers, no dates;
/// the only real clock is `MonotonicClock`, which the front end may pass in.
@Suite struct DependencyTests {
    @Test func gesturesImportsNothingAndUsesNoTimers() throws {
        let sources = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/Gestures")
        let files = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 30)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            #expect(!code.contains { $0.hasPrefix("import ") || $0.hasPrefix("@_exported") }, "\(file) imports")
            for word in ["Timer", "DispatchQueue", "Date(", "sleep(", "Task."] {
                #expect(!code.contains { $0.contains(word) }, "\(file) uses \(word)")
            }
            if file != "MonotonicClock.swift" {
                #expect(!code.contains { $0.contains("ContinuousClock") || $0.contains("SuspendingClock") }, "\(file) reads a clock")
            }
        }
    }
}
