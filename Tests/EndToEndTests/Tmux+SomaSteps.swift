import Testing

extension Tmux {
    /// Types `steps` (a `SomaKeyPlanner` plan) in batches of 12, checking the moves count after
    /// each batch but the last (which solves: the news then replaces the count); `before` moves
    /// were made already.
    func type(_ steps: [SomaKeyPlanner.Step], after before: Int) throws {
        var moves = before
        for start in stride(from: 0, to: steps.count, by: 12) {
            let batch = steps[start..<min(steps.count, start + 12)]
            moves += batch.filter(\.startsMove).count
            try tmux(["send-keys", "-t", target] + batch.map { SomaKeyPlanner.tmuxName($0.key) })
            guard start + 12 < steps.count else { break }
            #expect(waitForScreen(containing: "moves \(moves)   "), "after \(moves) moves: \((try? screen()) ?? "")")
        }
    }
}
