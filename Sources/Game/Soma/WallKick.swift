import Polycube

/// Where a turned piece goes when the turn leaves it overlapping something: like a
/// falling-block game's wall kick, the nearest free shift, one level up first (lifting a piece
/// to turn it is what a hand does), then the other shifts by distance (the six neighbours, then
/// two steps, up before down among equals); the turn is refused only when none is free.
enum WallKick {
    /// The shifts tried, in order: up, then by length and in a stable order.
    static let shifts: [Cell] = {
        var all: [Cell] = []
        for x in -2...2 { for y in -2...2 { for z in -2...2 where (x, y, z) != (0, 0, 0) { all.append(Cell(x, y, z)) } } }
        let up = Cell(0, 0, 1)
        return [up] + all.filter { $0 != up && abs($0.x) + abs($0.y) + abs($0.z) <= 2 }.sorted { a, b in
            let la = abs(a.x) + abs(a.y) + abs(a.z), lb = abs(b.x) + abs(b.y) + abs(b.z)
            return la != lb ? la < lb : a.z != b.z ? a.z > b.z : (a.x, a.y) < (b.x, b.y)
        }
    }()

    /// The first shift of `shifts` for which `isFree` holds, or nil.
    static func kick(_ isFree: (Cell) -> Bool) -> Cell? {
        shifts.first(where: isFree)
    }

    /// How the status line says where the kick took the piece: `moved up 1 to turn`.
    static func describe(_ shift: Cell) -> String {
        var parts: [String] = []
        if shift.z != 0 { parts.append(shift.z > 0 ? "up \(shift.z)" : "down \(-shift.z)") }
        if shift.x != 0 { parts.append("\(abs(shift.x)) along x") }
        if shift.y != 0 { parts.append("\(abs(shift.y)) along y") }
        return "moved " + parts.joined(separator: ", ") + " to make room for the turn"
    }
}
