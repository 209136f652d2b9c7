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
        let origin = (c: 6.0, r: Double(canvas.height) - 4)
        // A clear patch under the gizmo, so the floor grid does not run into its letters (blank
        // cells in front of the scene, as `put` would write them, without making a string).
        let clear = TerminalCell(glyph: " ", depth: -.infinity)
        for r in max(0, Int(origin.r) - 3)...min(canvas.height - 1, Int(origin.r) + 3) {
            for c in max(0, Int(origin.c) - 6)..<min(canvas.width, Int(origin.c) + 7) { canvas[c, r] = clear }
        }
        var unit = camera
        unit.pivot = .zero
        unit.zoom = 1
        let axes: [(name: Character, dir: Vector3, color: (UInt8, UInt8))] = [
            ("x", Vector3(1, 0, 0), (9, 196)), ("y", Vector3(0, 1, 0), (10, 46)), ("z", Vector3(0, 0, 1), (12, 33)),
        ]
        // Far arms first so that near ones are drawn over them.
        let projected = axes.map { axis in (axis, unit.project(axis.dir)) }.sorted { $0.1.depth > $1.1.depth }
        for (axis, p) in projected {
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
            canvas.put(".", column: mid.c, row: mid.r, style: style)
            canvas.put(String(axis.name), column: tip.c, row: tip.r, style: style)
        }
        canvas.put("+", column: Int(origin.c), row: Int(origin.r))
    }
}
