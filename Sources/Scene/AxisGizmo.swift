/// The small x/y/z axis cross drawn in the lower left corner, turning with the camera, so the
/// player can tell which way the lattice axes run (and which way arrow keys will move a piece).
/// It is decoration: its cells carry no hit id.
struct AxisGizmo {
    let camera: Camera
    let colors: RenderStyle.Colors

    /// Arm length in columns.
    static let length = 4.0

    func draw(into canvas: inout Canvas) {
        guard canvas.width >= 24, canvas.height >= 10 else { return }
        // It never covers the scene (issue 34: at 80x24 its box cut a piece across): it goes in
        // the first corner (lower left, lower right, upper left, upper right) whose patch holds
        // no piece and no cell of the figure, and where every corner does, in the lower left
        // drawn only on what is neither.
        let w = Double(canvas.width), h = Double(canvas.height)
        // The corners by number, not in an array: an array of tuples is a generic type whose
        // metadata the runtime builds at its first use, some 10,000 instructions each in a
        // login's first frame (issue 35).
        func corner(_ k: Int) -> (c: Double, r: Double) {
            (c: k % 2 == 0 ? 6.0 : w - 7, r: k < 2 ? h - 4 : 3.0)
        }
        var origin = corner(0)
        for k in 0..<4 where !Self.patchHoldsScene(corner(k), in: canvas) {
            origin = corner(k)
            break
        }
        // A clear patch under the gizmo, so the floor grid does not run into its letters (blank
        // cells in front of the scene, as `put` would write them, without making a string).
        let clear = TerminalCell(glyph: " ", depth: -.infinity)
        let width = canvas.width, height = canvas.height
        canvas.withCells { cells in
            for r in max(0, Int(origin.r) - 3)...min(height - 1, Int(origin.r) + 3) {
                for c in max(0, Int(origin.c) - 6)..<min(width, Int(origin.c) + 7) where !Self.isScene(cells[r * width + c].id) {
                    cells[r * width + c] = clear
                }
            }
        }
        var unit = camera
        unit.pivot = .zero
        unit.zoom = 1
        // The axes by number (as the corners): x, y, z with their colours (8 or 16, 256).
        func axis(_ k: Int) -> (name: Character, dir: Vector3, color: (UInt8, UInt8)) {
            switch k {
            case 0: ("x", Vector3(1, 0, 0), (9, 196))
            case 1: ("y", Vector3(0, 1, 0), (10, 46))
            default: ("z", Vector3(0, 0, 1), (12, 33))
            }
        }
        let projected = (unit.project(axis(0).dir), unit.project(axis(1).dir), unit.project(axis(2).dir))
        func depth(_ k: Int) -> Double { k == 0 ? projected.0.depth : (k == 1 ? projected.1.depth : projected.2.depth) }
        // Far arms first so that near ones are drawn over them; equal depths in axis order.
        var order = (0, 1, 2)
        if depth(order.1) > depth(order.0) { swap(&order.0, &order.1) }
        if depth(order.2) > depth(order.1) {
            swap(&order.1, &order.2)
            if depth(order.1) > depth(order.0) { swap(&order.0, &order.1) }
        }
        for k in [order.0, order.1, order.2] {
            let axis = axis(k)
            let p = k == 0 ? projected.0 : (k == 1 ? projected.1 : projected.2)
            let dc = p.column * AxisGizmo.length, dr = p.row * AxisGizmo.length
            // An arm seen end on has no direction to show.
            guard (dc * dc + dr * dr * camera.aspect * camera.aspect).squareRoot() >= 1.5 else { continue }
            var style = TextStyle()
            switch colors {
            case .none: break
            case .ansi8: style.foreground = .index(axis.color.0 % 8)
            case .ansi16: style.foreground = .index(axis.color.0)
            case .xterm256: style.foreground = .index(axis.color.1)
            }
            let mid = (c: Int((origin.c + dc / 2).rounded()), r: Int((origin.r + dr / 2).rounded()))
            let tip = (c: Int((origin.c + dc).rounded()), r: Int((origin.r + dr).rounded()))
            Self.put(".", column: mid.c, row: mid.r, style: style, into: &canvas)
            Self.put(axis.name, column: tip.c, row: tip.r, style: style, into: &canvas)
        }
        Self.put("+", column: Int(origin.c), row: Int(origin.r), style: TextStyle(), into: &canvas)
    }

    /// A piece or the figure: what the gizmo must leave in view.
    static func isScene(_ id: HitID) -> Bool {
        switch id {
        case .piece, .ghost: true
        default: false
        }
    }

    /// Whether the gizmo's patch around `origin` holds any cell of a piece or of the figure.
    static func patchHoldsScene(_ origin: (c: Double, r: Double), in canvas: Canvas) -> Bool {
        let width = canvas.width
        return canvas.cells.withUnsafeBufferPointer { cells in
            for r in max(0, Int(origin.r) - 3)...min(canvas.height - 1, Int(origin.r) + 3) {
                for c in max(0, Int(origin.c) - 6)..<min(width, Int(origin.c) + 7) where isScene(cells[r * width + c].id) {
                    return true
                }
            }
            return false
        }
    }

    /// Writes one glyph of the gizmo, unless a piece or the figure is drawn there.
    static func put(_ glyph: Character, column: Int, row: Int, style: TextStyle, into canvas: inout Canvas) {
        guard canvas.contains(column: column, row: row), !isScene(canvas[column, row].id) else { return }
        canvas[column, row] = TerminalCell(glyph: glyph, style: style, depth: -.infinity)
    }
}
