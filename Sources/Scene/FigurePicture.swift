import Polycube

/// Pictures of figures and solutions for the command line (`soma show`, `soma solve --draw`):
/// the same renderer as the game, framed to a width, printed as plain text or with ANSI colours.
public enum FigurePicture {
    /// The isometric picture of a figure, its pieces (if any) in their colours and the rest of
    /// the figure in neutral grey.
    ///
    /// - Parameters:
    ///   - figureCells: the figure's cells.
    ///   - pieces: pieces to draw in colour, by letter, as the cells they cover.
    ///   - pieceSet: the set the letters come from, which fixes their colours.
    ///   - style: `.ascii` or `.blocks` (blocks need colour; without it ascii is drawn).
    ///   - view: which of the four isometric views (taken modulo 4).
    ///   - width: the picture's width in columns; the height follows from the figure.
    ///   - color: the colours to use; `.none` gives plain text without escape sequences.
    /// - Returns: the picture, lines separated by newlines, no trailing blank lines.
    public static func render(figureCells: [Cell], pieces: [(letter: Character, cells: [Cell])] = [],
                              pieceSet: PieceSet = .soma, style: RenderStyle.Glyphs = .ascii, view: Int = 0,
                              width: Int = 60, color: RenderStyle.Colors = .none) -> String {
        let model = sceneModel(figureCells: figureCells, pieces: pieces, pieceSet: pieceSet, spread: 0)
        return picture(of: model, style: RenderStyle(glyphs: style, colors: color, showsGizmo: false), view: view, width: width)
    }

    /// The exploded view of a solution: every piece pulled away from the figure's centre along
    /// the line from the centre to the piece's own centre, `spread` times that distance, so that
    /// each piece can be seen whole. Parameters as in `render`.
    public static func renderExploded(figureCells: [Cell], pieces: [(letter: Character, cells: [Cell])],
                                      pieceSet: PieceSet = .soma, style: RenderStyle.Glyphs = .ascii, view: Int = 0,
                                      width: Int = 60, color: RenderStyle.Colors = .none, spread: Double = 1.5) -> String {
        let model = sceneModel(figureCells: figureCells, pieces: pieces, pieceSet: pieceSet, spread: spread)
        return picture(of: model, style: RenderStyle(glyphs: style, colors: color, showsGizmo: false), view: view, width: width)
    }

    /// The scene: one neutral body for the figure's uncovered cells, then the pieces.
    static func sceneModel(figureCells: [Cell], pieces: [(letter: Character, cells: [Cell])],
                           pieceSet: PieceSet, spread: Double) -> SceneModel {
        let covered = Set(pieces.flatMap(\.cells))
        let rest = figureCells.filter { !covered.contains($0) }
        var scenePieces: [ScenePiece] = []
        if !rest.isEmpty { scenePieces.append(ScenePiece(id: SceneObjectID.fixedCubes.id, cells: rest, color: .neutral)) }
        let all = figureCells + pieces.flatMap(\.cells)
        let centre = all.isEmpty ? Vector3.zero : centroid(all)
        for (index, piece) in pieces.enumerated() {
            let displacement = spread == 0 ? Vector3.zero : (centroid(piece.cells) - centre) * spread
            scenePieces.append(ScenePiece(id: index, cells: piece.cells, color: PiecePalette.color(for: piece.letter, in: pieceSet),
                                          displacement: displacement))
        }
        return SceneModel(pieces: scenePieces)
    }

    static func centroid(_ cells: [Cell]) -> Vector3 {
        var sum = Vector3.zero
        for c in cells { sum += Vector3(c) + Vector3(0.5, 0.5, 0.5) }
        return sum / Double(max(1, cells.count))
    }

    /// Frames the model's cubes in an isometric view `width` columns wide and renders it.
    static func picture(of model: SceneModel, style: RenderStyle, view: Int, width: Int) -> String {
        guard let canvas = canvas(of: model, style: style, view: view, width: width) else { return "" }
        return trimmingBlankLines(style.colors == .none ? canvas.text : canvas.ansiText)
    }

    /// The canvas `picture` turns into text (what the snapshot tests read, colours and all).
    static func canvas(of model: SceneModel, style: RenderStyle, view: Int, width: Int) -> Canvas? {
        guard width > 0, !model.pieces.isEmpty else { return nil }
        var camera = Camera.isometric(view: view, zoom: 1)
        // Screen extent of every cube corner at zoom 1 with the pivot at the origin.
        var lo = (c: Double.infinity, r: Double.infinity), hi = (c: -Double.infinity, r: -Double.infinity)
        for piece in model.pieces {
            for cell in piece.cells {
                let base = Vector3(cell) + piece.displacement
                for k in 0..<8 {
                    let p = camera.project(base + Vector3(Double(k & 1), Double((k >> 1) & 1), Double((k >> 2) & 1)))
                    lo.c = min(lo.c, p.column); hi.c = max(hi.c, p.column)
                    lo.r = min(lo.r, p.row); hi.r = max(hi.r, p.row)
                }
            }
        }
        // The pivot: the point drawn at the centre of the extent.
        let mid = (c: (lo.c + hi.c) / 2, r: (lo.r + hi.r) / 2)
        camera.pivot = camera.right * mid.c - camera.up * (mid.r * camera.aspect)
        camera.zoom = Double(max(1, width - 1)) / max(hi.c - lo.c, 1e-9)
        let height = Int(((hi.r - lo.r) * camera.zoom).rounded(.up)) + 1
        return SceneRenderer.render(model, camera: camera, width: width, height: height, style: style).canvas
    }

    static func trimmingBlankLines(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.allSatisfy({ $0 == " " }) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy({ $0 == " " }) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}
