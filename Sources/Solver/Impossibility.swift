import Polycube

/// Why a figure can have no solution, when that shows before any search: the answer is then 0
/// with the reason, which tells the user what to change where a bare 0 would not.
///
/// Three cheap tests, run on every figure (a few microseconds for the 27 cells of a Soma
/// figure): each separate part of the figure must hold a number of cells some of the pieces
/// add up to; every cell must be covered by some placement (a one-cell-thick line of Soma
/// pieces is not); the cells marked with the letter of a piece that has one copy must all fit
/// in one placement of it.
enum Impossibility {
    static func reason(for problem: ExactCover) -> String? {
        partSizes(problem) ?? uncoveredCell(problem) ?? markedCells(problem)
    }

    /// The free cells' face-connected parts, in the order of their lowest cell, each checked
    /// against the sums of the pieces left.
    private static func partSizes(_ problem: ExactCover) -> String? {
        let free = ~problem.initialFilled
        let parts = problem.layout.directions.isEmpty ? partsBySet(problem, free: free)
                                                      : partsByMask(problem, free: free)
        let freeCount = free.count
        guard parts.count > 1 else { return nil }
        // Which totals some of the pieces left make (each copy at most once).
        var sums = [Bool](repeating: false, count: freeCount + 1)
        sums[0] = true
        var smallest = Int.max
        for (p, piece) in problem.pieces.enumerated() {
            for _ in 0..<problem.initialRemaining[p] {
                let size = piece.shape.count
                smallest = min(smallest, size)
                for total in stride(from: freeCount, through: size, by: -1) where sums[total - size] { sums[total] = true }
            }
        }
        // A part too small for any piece first: the plainest reason to give.
        if let k = parts.firstIndex(where: { $0 < smallest }) {
            return "part \(k + 1) has \(parts[k]) cell\(parts[k] == 1 ? "" : "s"): no piece is that small"
        }
        if let k = parts.firstIndex(where: { !sums[$0] }) {
            return "part \(k + 1) has \(parts[k]) cells: no choice of the pieces adds up to that"
        }
        return nil
    }

    /// The parts' sizes in a box numbering: each part grown from a seed with the layout's
    /// neighbour shifts, a few dozen mask operations where a set of cells took half a million
    /// instructions on a 3x20 board.
    private static func partsByMask(_ problem: ExactCover, free: CellMask) -> [Int] {
        let directions = problem.layout.directions
        var left = free
        var parts: [(lowest: Cell, size: Int)] = []
        while !left.isEmpty {
            var part = CellMask.empty
            part.insert(left.first)
            while true {
                var grown = part
                for d in directions {
                    grown = grown | ((part & d.canStepUp) << d.step) | ((part & d.canStepDown) >> d.step)
                }
                grown = grown & free
                if grown == part { break }
                part = grown
            }
            var lowest = problem.cells[part.first]
            part.forEachIndex { lowest = min(lowest, problem.cells[$0]) }
            parts.append((lowest, part.count))
            left = left & ~part
        }
        return parts.sorted { $0.lowest < $1.lowest }.map(\.size)
    }

    /// The parts' sizes in the fallback numbering, through a set of cells.
    private static func partsBySet(_ problem: ExactCover, free mask: CellMask) -> [Int] {
        var free: Set<Cell> = []
        mask.forEachIndex { if $0 < problem.cells.count { free.insert(problem.cells[$0]) } }
        var parts: [Int] = []
        var seen: Set<Cell> = []
        for start in free.sorted() where !seen.contains(start) {
            var size = 0
            var stack = [start]
            seen.insert(start)
            while let c = stack.popLast() {
                size += 1
                for n in c.neighbours where free.contains(n) && !seen.contains(n) {
                    seen.insert(n)
                    stack.append(n)
                }
            }
            parts.append(size)
        }
        return parts
    }

    /// The first free cell that no placement covers.
    private static func uncoveredCell(_ problem: ExactCover) -> String? {
        let covered = problem.masks.reduce(problem.initialFilled, |)
        guard !covered.isFull else { return nil }
        let cell = problem.cells[covered.firstAbsent]
        return "no piece fits at cell \(cell)"
    }

    /// A piece of one copy whose marked cells no single placement covers.
    private static func markedCells(_ problem: ExactCover) -> String? {
        for (p, marked) in problem.markedCells.enumerated()
        where !marked.isEmpty && problem.initialRemaining[p] == 1 {
            let fits = problem.options(of: p).contains { (problem.masks[$0] & marked) == marked }
            if !fits {
                let letter = problem.pieces[p].letter
                return "the cells marked \(letter) cannot all be covered by one piece \(letter)"
            }
        }
        return nil
    }
}
