/// Every way a sample can look in one frame, computed once per frame: for each material (the
/// floor, the ghost, each piece) its face shades, its edges in each direction, its red hatching
/// and the floor's shadow, each as an ascii character with a style and as a half-block colour.
///
/// Faces pick their looks from here when they are set up, so the per-sample work of the
/// rasterizer and of turning samples into cells is a table lookup.
struct LookTable {
    struct Look {
        /// Ascii style: the character and its style.
        var glyph: Character
        var style: TextStyle
        /// Half-block style: the colour of the sample, nil for the terminal's background.
        var color: TerminalColor?
    }

    /// Looks per material. Slots 0-5 face shades (darkest first), 6-9 edges by `Edge` direction,
    /// 10 red hatching, 11 floor in shadow, 12 floor in the open, 13-28 the seams between the
    /// cubes of one body, four by `Edge` direction for each light level 0-3 of the face they lie
    /// on (a seam is a shade off its face, so it shows on every face yet stays fainter than the
    /// outline), 29 a piece's landing footprint, 30-35 the face shades of a piece's cubes outside
    /// the figure, 36-41 the face shades of a piece seen through an empty cell of the figure
    /// (`veiled(_:)`), 42-45 contact lines by `Edge` direction, where a piece touches another
    /// piece or the floor (`Contact`).
    static let slots = 46
    static let seamSlot = 13, footprintSlot = 29, outsideSlot = 30, veiledSlot = 36, contactSlot = 42

    /// Whether a slot is a face shade of a piece in the open: inside or outside the figure (the
    /// veil is one light shade, a texture there would read as the open face's).
    static func isFace(slot: Int) -> Bool { slot < 6 || (outsideSlot..<(outsideSlot + 6)).contains(slot) }

    /// Whether a slot is a line along a border (outline or contact) rather than a face or seam.
    static func isLine(slot: Int) -> Bool { (6...9).contains(slot) || (contactSlot..<(contactSlot + 4)).contains(slot) }

    /// The look of a piece's face sample seen through an empty cell of the figure in front of
    /// it: its veiled shade (the same look for any other sample). A piece behind the figure
    /// then reads as behind it, as through frosted glass, rather than as a part of it filling
    /// the figure's corner (issue 25). Index arithmetic only, as the rasterizer veils samples
    /// before the frame's table is made.
    @inline(__always)
    static func veiled(_ look: UInt16) -> UInt16 {
        guard look > 0 else { return look }
        let index = Int(look) - 1, material = index / slots, slot = index % slots
        guard material >= 2 else { return look }
        if slot < 6 { return UInt16(index - slot + veiledSlot + slot + 1) }
        if (outsideSlot..<(outsideSlot + 6)).contains(slot) { return UInt16(index - slot + veiledSlot + (slot - outsideSlot) + 1) }
        return look
    }
    /// Face shades, darkest first; none is an edge character (`-|/\`), so that faces and
    /// edges never read alike.
    static let shades: [Character] = [".", ":", "+", "=", "%", "#"]
    /// The same shades in Unicode (`RenderStyle.Glyphs.shades`): block shading, darkest first,
    /// dense enough that a face reads as a surface (a lit top `█`, the sides `▓` and `▒`), not
    /// as a faint texture between its edges.
    static let blockShades: [Character] = ["░", "▒", "▒", "▓", "▓", "█"]

    /// The Unicode glyph for an ascii look's glyph (`RenderStyle.Glyphs.shades`): faces shaded
    /// by block density and no line drawing at all. Slanted edges drawn with `╱╲` in cells a
    /// row tall turned the picture into slash art (issue 25), so a piece's outline is a gap of
    /// background between its shaded faces, the seams between its own cubes vanish into the
    /// face, the figure still to fill is a cage of light shade `░`, and the floor's lines are
    /// centred dots. Letters, `x` (a refused move's mark) and `~` (a footprint) stay.
    static func shadeGlyph(for glyph: Character, slot: Int, material: Int) -> Character {
        let edge = isLine(slot: slot), seam = (seamSlot..<footprintSlot).contains(slot)
        switch material {
        case 0:
            return glyph == "." ? "·" : glyph
        case 1:
            // The figure's empty cells as a light cage: thin lines where they run straight
            // across or down, dots where they slant (issue 34: `░` made a dark mass).
            guard edge || seam else { return glyph }
            switch glyph {
            case "-": return "─"
            case "|": return "│"
            default: return "·"
            }
        default:
            if edge { return " " }
            if seam { return levelShades[(slot - seamSlot) / 4] }
            if (veiledSlot..<(veiledSlot + 6)).contains(slot) && glyph == "." { return "░" }
            if let shade = shades.firstIndex(of: glyph) { return blockShades[shade] }
            return glyph
        }
    }

    /// The block shade of each light level (0 edge ... 3 lit), for the seams that melt into
    /// their face.
    static let levelShades: [Character] = ["░", "▒", "▓", "█"]

    /// The looks, index 0 empty, kept as three arrays so that making a cell copies only the
    /// parts it needs.
    private(set) var glyphs: [Character] = []
    private(set) var styles: [TextStyle] = []
    private(set) var colors: [TerminalColor?] = []
    /// The glyph of each look on the odd cells of the screen's checker (column + row odd): the
    /// other half of a two-cell fill (`FillTexture`), the look's glyph for all others.
    private(set) var alternates: [Character] = []
    init(model: SceneModel, style: RenderStyle) {
        let materials = 2 + model.pieces.count
        let count = 1 + materials * LookTable.slots
        // Straight into the arrays, reserved once: a table of looks mapped into three was some
        // 800 copies of a look, each a retain of its glyph. Block cells show colours alone
        // (`SampleShader`), so their table keeps no glyphs, styles or alternates.
        let glyphsShown = !style.usesBlocks
        colors.reserveCapacity(count)
        colors.append(nil)
        if glyphsShown {
            glyphs.reserveCapacity(count)
            styles.reserveCapacity(count)
            alternates.reserveCapacity(count)
            glyphs.append(" "); styles.append(.plain); alternates.append(" ")
        }
        let shaded = style.glyphs == .shades || (style.glyphs == .blocks && !style.usesBlocks)
        for m in 0..<materials {
            // The piece once per material, not once per slot (a copy of its cells each), and
            // its colours at each level worked out once (`PieceHues`), not for every look.
            let piece: ScenePiece? = m >= 2 ? model.pieces[m - 2] : nil
            let hues = piece.map { PieceHues($0.color, colors: style.colors, scheme: style.palette) }
            for slot in 0..<LookTable.slots {
                var look: Look
                if let piece, let hues {
                    look = LookTable.pieceLook(hues: hues, marks: piece.marks, slot: slot, colors: style.colors, theme: style.theme)
                } else if m == 0 {
                    look = LookTable.floorLook(slot: slot, colors: style.colors, theme: style.theme)
                } else {
                    look = LookTable.ghostLook(slot: slot, colors: style.colors, theme: style.theme)
                }
                if shaded {
                    look.glyph = LookTable.shadeGlyph(for: look.glyph, slot: slot, material: m)
                    // The piece in hand in reverse video on its outline, whose gap turns into a
                    // solid border; its faces stay as they are, as a reversed `█` would vanish.
                    if let piece, piece.marks.contains(.selected) { look.style.reverse = LookTable.isLine(slot: slot) }
                }
                if style.usesBlocks, let piece, piece.marks.contains(.hint) {
                    look.color = LookTable.fitColor(piece, slot: slot, style: style)
                }
                colors.append(look.color)
                guard glyphsShown else { continue }
                // Without block cells each piece's faces get its own fill (issue 34).
                var odd = look.glyph
                if let piece { odd = LookTable.texture(&look, piece, slot: slot, style: style) }
                alternates.append(odd)
                glyphs.append(look.glyph)
                styles.append(look.style)
            }
        }
    }

    /// A piece's face or seam in one-sample cells takes its piece's fill (`FillTexture`), at
    /// the face's light level: the seams between its cubes melt into the face as before. The
    /// fill of the assist's fit (a hint) is its piece's too, faint: the fit reads as that
    /// piece's shape, quietly (in eight colours in its hue, not the black of a dark shade). A
    /// refused piece keeps its `x`; a piece seen through the figure shows its fill faint, the
    /// piece in hand (and any in ascii) the veil's light shade, which says "behind".
    /// Returns the look's glyph on the odd cells of the screen's checker.
    static func texture(_ look: inout Look, _ piece: ScenePiece, slot: Int, style: RenderStyle) -> Character {
        let unicode = style.unicode
        // A grey piece (a figure's picture, the designer's cubes) keeps the shading by turn alone.
        guard !piece.marks.contains(.invalid), piece.color != .neutral else { return look.glyph }
        let fill = FillTexture.of(piece.color)
        // The piece in hand's outline, reversed (`init`): its fill in reverse video, so the
        // frame still says which piece it is. At 80x24 a piece's faces are a few cells across
        // and a blank frame swallowed most of B's grid (issue 34, round 4). The solid fill keeps
        // the blank frame: `█` reversed is a hole.
        if look.style.reverse && isLine(slot: slot) && unicode && fill != .solid {
            look.glyph = fill.glyph(level: 3, unicode: true)
            return fill.glyph(level: 3, unicode: true, odd: true)
        }
        let level: Int
        if slot < 6 {
            level = LookTable.level(shade: slot)
        } else if (outsideSlot..<(outsideSlot + 6)).contains(slot) {
            level = LookTable.level(shade: slot - outsideSlot)
        } else if (seamSlot..<footprintSlot).contains(slot) {
            level = (slot - seamSlot) / 4
        } else if (veiledSlot..<(veiledSlot + 6)).contains(slot) && unicode && !piece.marks.contains(.selected) {
            // Seen through the figure's empty cells: its own fill, faint, at the darkest light.
            // A piece set inside the figure behind empty cells (L in issue 34's position, behind
            // B's fit) showed only the veil's `░` there and could not be named at 80x24; faint,
            // it still reads as behind. The piece in hand keeps its screen door of veil
            // (`Rasterizer.screened`), and ascii its `.` (one character has no faint fill).
            // The veil's look is faint already; an assist's fit keeps its hue (below).
            level = 1
        } else {
            return look.glyph
        }
        let hint = piece.marks.contains(.hint)
        look.glyph = fill.glyph(level: hint ? 1 : level, unicode: unicode)
        if hint {
            look.style.dim = true
            if style.colors == .ansi8 {
                look.style.foreground = PiecePalette.terminalColor(piece.color, level: 1, colors: .ansi8, scheme: style.palette)
            }
        } else if !fill.thins(unicode: unicode) {
            // Bold on a lit face, faint on a dark one (a seam: as its face).
            if level >= 3 { look.style.bold = true }
            if level <= 1 { look.style.dim = true }
        }
        return fill.glyph(level: hint ? 1 : level, unicode: unicode, odd: true)
    }

    /// The colour of the assist's fit (a hint) in block cells: stripes of its piece's own lit
    /// hue (the hatching slot, `SceneRenderer` hatches every face of a fit) over the grey of
    /// the figure's empty cells, its outline in its hue two levels darker, the seams between
    /// its cubes the figure's (lines in its lit hue made the fit read as a piece, not a ghost). Its faces darkened two
    /// levels, as before round 4 of issue 34, made B's blue a dark teal a player took for A's
    /// cyan; a faint stripe of the true hue cannot be read as another piece, and stripes say
    /// "not a piece" as the figure's plain grey says "empty".
    static func fitColor(_ piece: ScenePiece, slot: Int, style: RenderStyle) -> TerminalColor? {
        func hue(_ level: Int) -> TerminalColor {
            PiecePalette.terminalColor(piece.color, level: level, colors: style.colors, scheme: style.palette)
        }
        switch slot {
        case 10: return hue(3)
        case 6...9, contactSlot..<(contactSlot + 4): return hue(1)
        case seamSlot..<footprintSlot: return ghostLook(slot: slot, colors: style.colors, theme: style.theme).color
        case 0..<6: return ghostLook(slot: slot, colors: style.colors, theme: style.theme).color
        case outsideSlot..<(outsideSlot + 6): return ghostLook(slot: slot - outsideSlot, colors: style.colors, theme: style.theme).color
        case veiledSlot..<(veiledSlot + 6): return ghostLook(slot: slot - veiledSlot, colors: style.colors, theme: style.theme).color
        default: return pieceLook(piece, slot: slot, colors: style.colors, scheme: style.palette, theme: style.theme).color
        }
    }

    // MARK: Indices

    /// The looks a face of one material uses: its shade, the first of its four edge looks, and
    /// its hatching (equal to the shade when it is not hatched).
    struct FaceLooks {
        var interior: UInt16
        var edges: UInt16
        var hatch: UInt16
        /// The first of the four seam looks (by direction) for this face's light level.
        var seams: UInt16 = 0
        /// The first of the four contact looks (by direction).
        var contacts: UInt16 = 0
    }

    static func base(floor: Void) -> Int { 1 }
    static func base(ghost: Void) -> Int { 1 + slots }
    static func base(piece index: Int) -> Int { 1 + (2 + index) * slots }

    /// The shade slot (0...5) of a face lit with `intensity` in 0...1.
    static func shade(_ intensity: Double) -> Int { min(5, max(0, Int(intensity * 6))) }

    /// A face of `shade`; `outside` for a piece's cube outside the figure (a level darker).
    static func faceLooks(base: Int, shade: Int, hatched: Bool = false, outside: Bool = false) -> FaceLooks {
        let interior = base + (outside ? outsideSlot : 0) + shade
        let level = outside ? level(shade: shade) - 1 : level(shade: shade)
        return FaceLooks(interior: UInt16(interior), edges: UInt16(base + 6), hatch: UInt16(hatched ? base + 10 : interior),
                         seams: UInt16(base + seamSlot + 4 * level), contacts: UInt16(base + contactSlot))
    }

    /// The light level (0...3) of a seam on a face of light `level`: one level darker, or one
    /// lighter on the darkest faces, where darker would be the outline's own colour.
    static func seamLevel(face level: Int) -> Int { level >= 2 ? level - 1 : level + 1 }

    /// The landing footprint of a piece: its footprint shade inside, its edges around.
    static func footprintLooks(base: Int) -> FaceLooks {
        FaceLooks(interior: UInt16(base + footprintSlot), edges: UInt16(base + 6), hatch: UInt16(base + footprintSlot))
    }

    static func floorLooks(shadowed: Bool) -> FaceLooks {
        let interior = UInt16(base(floor: ()) + (shadowed ? 11 : 12))
        return FaceLooks(interior: interior, edges: UInt16(base(floor: ()) + 6), hatch: interior)
    }

    // MARK: Looks

    /// The light level (1 dim ... 3 lit) of a shade slot, for the palette's shades.
    static func level(shade: Int) -> Int { shade >= 5 ? 3 : (shade >= 3 ? 2 : 1) }

    static func color(_ pair: (UInt8, UInt8), _ colors: RenderStyle.Colors) -> TerminalColor {
        switch colors {
        case .none: .default
        // Bright grey (8) is white (7) among eight colours, not black.
        case .ansi8: .index(pair.0 == 8 ? 7 : pair.0 % 8)
        case .ansi16: .index(pair.0)
        case .xterm256: .index(pair.1)
        }
    }

    static func edgeGlyph(slot: Int) -> Character { SceneSample.Edge(rawValue: UInt8(slot - 5))!.glyph }

    static func floorLook(slot: Int, colors: RenderStyle.Colors, theme: Theme = .dark) -> Look {
        // Quiet: the floor's lines a step off its fill, so that it reads as ground and not as a
        // checker as loud as the pieces (issue 25); under a piece a shadow clearly darker than
        // the open floor, so that a piece on the floor reads as standing on it, and one behind
        // the figure as standing behind it rather than as part of it.
        let light = theme == .light
        // One step of the grey ramp off the fill: at 80x24 a floor square is a few samples
        // across, and lines any louder made a checker noisier than the pieces standing on it.
        let grid = color((8, light ? 254 : 234), colors)
        switch slot {
        case 6...9: return Look(glyph: ".", style: TextStyle(foreground: color((8, light ? 246 : 240), colors)), color: grid)
        case 11: return Look(glyph: " ", style: .plain, color: colors == .xterm256 ? .index(light ? 249 : 16) : nil)
        case 12: return Look(glyph: " ", style: .plain, color: colors == .xterm256 ? .index(light ? 255 : 233) : nil)
        default: return Look(glyph: " ", style: .plain, color: nil)
        }
    }

    static func ghostLook(slot: Int, colors: RenderStyle.Colors, theme: Theme = .dark) -> Look {
        let light = theme == .light
        let text = TextStyle(foreground: color((8, light ? 246 : 244), colors), dim: colors == .none)
        if (6...9).contains(slot) {
            return Look(glyph: edgeGlyph(slot: slot), style: text, color: color((8, light ? 245 : 242), colors))
        }
        if (seamSlot..<footprintSlot).contains(slot) {
            // The edges of each empty cell of the figure: between the faces' grey and the outline's.
            let direction = 6 + (slot - seamSlot) % 4
            return Look(glyph: edgeGlyph(slot: direction),
                        style: TextStyle(foreground: color((8, light ? 248 : 240), colors), dim: true),
                        color: colors == .xterm256 ? .index(light ? 249 : 239) : nil)
        }
        let grey = light ? 255 - level(shade: min(slot, 5)) : 233 + level(shade: min(slot, 5))
        return Look(glyph: " ", style: text, color: colors == .xterm256 ? .index(UInt8(grey)) : nil)
    }

    static func pieceLook(_ piece: ScenePiece, slot: Int, colors: RenderStyle.Colors,
                          scheme: PiecePalette.Scheme = .standard, theme: Theme = .dark) -> Look {
        pieceLook(hues: PieceHues(piece.color, colors: colors, scheme: scheme), marks: piece.marks, slot: slot,
                  colors: colors, theme: theme)
    }

    /// A piece's palette colours at each light level, plain and brightened
    /// (`PiecePalette.terminalColor`): made once per piece and frame, where each of its 46
    /// looks asked the palette again (420 colours a frame, issue 35).
    struct PieceHues {
        private var plain: (TerminalColor, TerminalColor, TerminalColor, TerminalColor)
        private var bright: (TerminalColor, TerminalColor, TerminalColor, TerminalColor)

        init(_ color: PieceColor, colors: RenderStyle.Colors, scheme: PiecePalette.Scheme) {
            func at(_ level: Int, _ selected: Bool) -> TerminalColor {
                PiecePalette.terminalColor(color, level: level, selected: selected, colors: colors, scheme: scheme)
            }
            plain = (at(0, false), at(1, false), at(2, false), at(3, false))
            bright = (at(0, true), at(1, true), at(2, true), at(3, true))
        }

        /// `PiecePalette.terminalColor` of the piece at `level` (0...3).
        func color(_ level: Int, selected: Bool = false) -> TerminalColor {
            let row = selected ? bright : plain
            switch level {
            case 0: return row.0
            case 1: return row.1
            case 2: return row.2
            case 3: return row.3
            default: preconditionFailure("shade levels are 0...3")
            }
        }
    }

    static func pieceLook(hues: PieceHues, marks: ScenePiece.Marks, slot: Int, colors: RenderStyle.Colors,
                          theme: Theme) -> Look {
        let selected = marks.contains(.selected), invalid = marks.contains(.invalid)
        // The piece in hand is brightened toward white on a dark background; on a light one
        // white would melt into the background (issue 25), so it keeps its colours there and
        // gets a black outline instead.
        let brightened = selected && theme == .dark
        let hint = marks.contains(.hint)
        let red = color((9, 196), colors)
        func shadeColor(_ level: Int) -> TerminalColor {
            // Hints are drawn two levels darker, quiet like the ghost (in ascii with colours;
            // block cells stripe them in their lit hue instead, `fitColor`).
            hues.color(hint ? max(0, level - 2) : level, selected: brightened)
        }
        var text = TextStyle(bold: selected, dim: hint)
        switch slot {
        case seamSlot..<footprintSlot:
            // Fainter than the outline: a shade off the face it lies on.
            let faceLevel = (slot - seamSlot) / 4, direction = 6 + (slot - seamSlot) % 4
            let seam = hues.color(hint ? 0 : seamLevel(face: faceLevel), selected: selected)
            text.foreground = invalid && colors != .none ? red : seam
            text.dim = true
            return Look(glyph: edgeGlyph(slot: direction), style: text, color: invalid ? red : seam)
        case outsideSlot..<(outsideSlot + 6):
            // A cube outside the figure: its face a light level darker than inside.
            let shade = slot - outsideSlot
            var look = pieceLook(hues: hues, marks: marks, slot: shade, colors: colors, theme: theme)
            let dark = shadeColor(max(0, level(shade: shade) - 1))
            look.color = dark
            if colors == .none { look.style.dim = true } else if !invalid { look.style.foreground = dark }
            return look
        case veiledSlot..<(veiledSlot + 6):
            // Seen through the figure: dark and quiet, in the piece's hue. The piece in hand
            // must be seen whole, yet as behind the figure: in block cells its hidden part is
            // tinted, as seen through glass of the background's shade: on a dark background its
            // hue a level darker and not brightened (its part in the open is brightened), on a
            // light one paled toward white (its part in the open keeps its hue); in one-sample
            // cells, where a glyph and not a colour carries the shade, it takes the veil on
            // every other sample (`Rasterizer.screened`), as through a screen door.
            let shade = slot - veiledSlot
            var look = pieceLook(hues: hues, marks: marks, slot: shade, colors: colors, theme: theme)
            let veilLevel = colors == .xterm256 ? max(0, level(shade: shade) - 2) : 1
            // Not brightened: the veiled squares of the selected piece's checker must be dark.
            let veil = selected ? hues.color(veilLevel)
                : shadeColor(veilLevel)
            let tint = theme == .light
                ? hues.color(level(shade: shade), selected: true)
                : hues.color(max(1, level(shade: shade) - 1))
            look.color = selected || invalid ? tint : veil
            look.style.foreground = veil
            look.style.dim = true
            // Not reversed like the selected piece's faces without colour: a hole in the mesh.
            look.style.reverse = false
            look.glyph = "."
            return look
        case footprintSlot:
            // Dark, in the piece's hue, so the footprint reads as this piece's and as a shadow.
            let dark = hues.color(0)
            return Look(glyph: "~", style: TextStyle(foreground: colors == .none ? .default : shadeColor(1)), color: dark)
        case 6...9:
            text.foreground = invalid && colors != .none ? red : shadeColor(2)
            let outline: TerminalColor = selected && !brightened && colors == .xterm256 ? .index(16)
                : (selected && !brightened && colors == .ansi16 ? .index(0) : shadeColor(0))
            return Look(glyph: edgeGlyph(slot: slot), style: text, color: invalid ? red : outline)
        case contactSlot..<(contactSlot + 4):
            // Where it touches another piece or the floor: darker than the outline, black on
            // either theme (a line on white reads as well as on black).
            var look = pieceLook(hues: hues, marks: marks, slot: 6 + slot - contactSlot, colors: colors, theme: theme)
            if !invalid && !hint { look.color = colors == .xterm256 ? .index(16) : (colors == .ansi16 ? .index(0) : look.color) }
            return look
        case 10:
            var look = pieceLook(hues: hues, marks: marks, slot: 5, colors: colors, theme: theme)
            look.color = red
            if marks.contains(.deadEnd) && !invalid {
                // A dead end is not a refusal: dark stripes, not red ones, and `!` without colour.
                let dark: TerminalColor = colors == .xterm256 ? .index(16) : (colors == .ansi16 ? .index(0) : look.style.foreground)
                look.color = dark
                look.glyph = "!"
            }
            return look
        default:
            let shade = min(slot, 5)
            text.foreground = invalid && colors != .none ? red : shadeColor(level(shade: shade))
            text.reverse = selected && (colors == .none || colors == .ansi8)
            // A hint's faces: the lightest shade, so the assist's fit reads as a quiet solid
            // without colour too (blank, it could not be seen at all).
            let glyph: Character = invalid ? "x" : (hint ? "." : shades[shade])
            return Look(glyph: glyph, style: text, color: shadeColor(level(shade: shade)))
        }
    }

    /// The drop line under a floating piece: in the piece's lit colour, bold.
    static func dropLineStyle(_ piece: ScenePiece, colors: RenderStyle.Colors, scheme: PiecePalette.Scheme = .standard) -> TextStyle {
        TextStyle(foreground: PiecePalette.terminalColor(piece.color, level: 3, selected: true, colors: colors, scheme: scheme),
                  bold: true)
    }
}

extension SceneModel {
    /// The most pieces a scene draws: each has `LookTable.slots` looks of its own after the
    /// floor's and the ghost's, in 16-bit ids, so piece 1,422 (counting from 0) would need an id
    /// past 65,535 and trap. The designer, which draws each cube as a piece, stops here.
    public static let maximumPieces = (Int(UInt16.max) - LookTable.slots) / LookTable.slots - 1
}
