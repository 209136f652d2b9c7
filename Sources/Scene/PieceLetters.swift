/// Writes a piece's letter on the largest face of it the picture shows, so that pieces can be
/// told apart without colour (and the one in hand named where the player looks). Works on the
/// finished canvas: its id buffer says which cells show which face of which cube.
enum PieceLetters {
    /// Cells a face must show before a letter goes on it: smaller, the letter would hide it.
    static let minimumCells = 4

    /// Puts the letter of every piece of `pieces` marked `.lettered` (that has a label) in the
    /// middle of its largest visible cube face (or, when none has `minimumCells`, of its faces
    /// turned one way together), keeping the cell's hit id.
    static func draw(_ pieces: [ScenePiece], into canvas: inout Canvas, colors: RenderStyle.Colors) {
        // The pieces to letter, by id, and the cells of each of their visible (cube, face)s.
        var wanted: [Int: Character] = [:]
        for piece in pieces where piece.marks.contains(.lettered) && !piece.marks.contains(.hint) {
            if let label = piece.label { wanted[piece.id] = label }
        }
        guard !wanted.isEmpty else { return }
        struct FaceKey: Hashable { var piece: Int, cube: Int, face: Face }
        var cells: [FaceKey: [(column: Int, row: Int)]] = [:]
        for row in 0..<canvas.height {
            for column in 0..<canvas.width {
                guard case let .piece(piece, cube, face) = canvas[column, row].id, wanted[piece] != nil else { continue }
                cells[FaceKey(piece: piece, cube: cube, face: face), default: []].append((column, row))
            }
        }
        for (piece, letter) in wanted.sorted(by: { $0.key < $1.key }) {
            // The largest face; ties go to the first cube, then the first face, so the letter
            // does not jump between equal faces from frame to frame.
            // When no single face is big enough (a small or far piece), the faces of its cubes
            // turned the same way together.
            let own = cells.filter { $0.key.piece == piece }
            var faces = own.filter { $0.value.count >= minimumCells }
            if faces.isEmpty {
                var sides: [FaceKey: [(column: Int, row: Int)]] = [:]
                for (key, list) in own { sides[FaceKey(piece: piece, cube: 0, face: key.face), default: []] += list }
                faces = sides.filter { $0.value.count >= minimumCells }
            }
            guard let best = faces.max(by: { a, b in
                a.value.count != b.value.count ? a.value.count < b.value.count
                    : (a.key.cube, a.key.face.rawValue) > (b.key.cube, b.key.face.rawValue)
            })?.value else { continue }
            let n = Double(best.count)
            let mid = (column: best.reduce(0.0) { $0 + Double($1.column) } / n,
                       row: best.reduce(0.0) { $0 + Double($1.row) } / n)
            let spot = best.min { a, b in
                let da = (Double(a.column) - mid.column) * (Double(a.column) - mid.column) + 4 * (Double(a.row) - mid.row) * (Double(a.row) - mid.row)
                let db = (Double(b.column) - mid.column) * (Double(b.column) - mid.column) + 4 * (Double(b.row) - mid.row) * (Double(b.row) - mid.row)
                return da < db
            }!
            var cell = canvas[spot.column, spot.row]
            cell.glyph = letter
            var style = TextStyle(bold: true)
            if colors == .none {
                style.reverse = true
            } else {
                // Dark on the face's own colour (the lower half's, in half blocks).
                style.background = cell.style.background != .default ? cell.style.background : cell.style.foreground
                style.foreground = .index(16)
            }
            cell.style = style
            canvas[spot.column, spot.row] = cell
        }
    }
}
