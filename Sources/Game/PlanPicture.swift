import Polycube
import Scene

/// The scene drawn from straight above, two columns per cell: the stand-in picture until the 3D
/// renderer is wired in. Each column shows the topmost thing in it: a cube of a piece (in the
/// piece's colour, its letter on its central cube, its height as a digit when raised), the ghost
/// of the figure, or the floor. Every drawn cell carries its hit id.
struct PlanPicture {
    var game: SomaGame
    var viewpoint: PlanViewpoint

    private enum Thing { case floor, ghost(Cell), hint(Cell), fixed(Cell), piece(Int, Int, Cell) }

    func draw(into canvas: inout Canvas, area: Rect) {
        guard !area.isEmpty else { return }
        var top: [Cell: (z: Int, thing: Thing)] = [:]   // keyed by screen (sx, sy, 0)
        func screen(_ c: Cell) -> Cell {
            let r = viewpoint.right, u = viewpoint.up
            return Cell(c.x * r.x + c.y * r.y, c.x * u.x + c.y * u.y, 0)
        }
        func offer(_ c: Cell, _ z: Int, _ thing: Thing) {
            let s = screen(c)
            if let old = top[s], old.z >= z { return }
            top[s] = (z, thing)
        }
        for c in game.target { offer(c, -1, .floor) }
        for c in game.target { offer(c, c.z, .ghost(c)) }
        if let hint = game.hint?.suggestion, let piece = game.pieces.first(where: { $0.letter == hint.piece }) {
            for c in hint.cells(of: piece.shape) { offer(c, c.z, .hint(c)) }
        }
        for (c, _) in game.fixed { offer(c, c.z, .fixed(c)) }
        for i in game.pieces.indices {
            for (k, c) in game.cells(ofPiece: i).enumerated() { offer(c, c.z, .piece(i, k, c)) }
        }
        let keys = Array(top.keys)
        guard let first = keys.first else { return }
        var lo = first, hi = first
        for k in keys { lo = Cell(min(lo.x, k.x), min(lo.y, k.y), 0); hi = Cell(max(hi.x, k.x), max(hi.y, k.y), 0) }
        let originColumn = area.column + (area.width - (hi.x - lo.x + 1) * 2) / 2
        let originRow = area.row + (area.height - (hi.y - lo.y + 1)) / 2
        for (s, entry) in top {
            let column = originColumn + (s.x - lo.x) * 2, row = originRow + (hi.y - s.y)
            guard area.contains(column: column, row: row), area.contains(column: column + 1, row: row) else { continue }
            switch entry.thing {
            case .floor:
                canvas.put(" .", column: column, row: row, style: Panels.dimStyle, id: .floor(x: s.x, y: s.y))
            case .ghost(let c):
                canvas.put("░░", column: column, row: row, style: TextStyle(foreground: .index(245)),
                           id: .ghost(x: c.x, y: c.y, z: c.z, face: 4))
            case .hint(let c):
                canvas.put("::", column: column, row: row, style: TextStyle(foreground: .index(15), bold: true),
                           id: .ghost(x: c.x, y: c.y, z: c.z, face: 4))
            case .fixed(let c):
                canvas.put("▒▒", column: column, row: row, style: TextStyle(foreground: .index(250)),
                           id: .ghost(x: c.x, y: c.y, z: c.z, face: 4))
            case .piece(let i, let k, let c):
                let selected = game.selection == i
                let central = k == game.pieces[i].shape.centralCube
                let first: Character = central ? game.pieces[i].letter : (selected ? "▓" : "█")
                let second: Character = c.z > game.floor ? Character(String((c.z - game.floor) % 10)) : (selected ? "▓" : "█")
                canvas.put(String([first, second]), column: column, row: row,
                           style: TextStyle(foreground: PieceColors.color(i), bold: selected, reverse: central),
                           id: .piece(piece: i, cube: k, face: 4))
            }
        }
    }
}
