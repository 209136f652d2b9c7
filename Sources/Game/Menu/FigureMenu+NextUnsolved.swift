import Polycube

extension FigureMenu {
    /// What Enter offers after a solve of the figure named `current`: the first entry after it
    /// in menu order (wrapping around to the top) whose figure the player has not solved and
    /// that `playable` accepts (the screen can play it); nil when there is none left.
    public static func nextUnsolved(after current: String, in entries: [Entry], progress: Progress,
                                    playable: (Figure) -> Bool = { _ in true }) -> Entry? {
        guard !entries.isEmpty else { return nil }
        let entries = entries.map(\.resolved)   // each catalog figure parsed once here
        let here = entries.firstIndex { $0.figure?.name == current } ?? -1
        for k in 1...entries.count {
            let entry = entries[(here + k) % entries.count]
            guard let figure = entry.figure, figure.name != current, !progress.isSolved(figure.name),
                  playable(figure) else { continue }
            return entry
        }
        return nil
    }
}
