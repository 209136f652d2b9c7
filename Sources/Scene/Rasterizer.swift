import Polycube

/// Fills projected unit-cube faces into a grid of samples with a depth buffer: the one place
/// where the camera's projection meets pixels. Faces are parallelograms on screen (the camera is
/// orthographic), so each is filled row by row over the columns whose sample centres lie inside
/// it; the face coordinates of a sample give its depth and its distance to each edge.
struct Rasterizer {
    let width: Int
    let height: Int
    let samplesPerRow: Int
    /// Samples across a cell: 2 for quadrant and sextant cells (`RenderStyle.Cells`), else 1.
    let samplesPerColumn: Int
    var samples: [SceneSample]
    /// The hit id of every face filled so far, index 0 for none: a sample keeps the index of its
    /// face, so that samples stay small and an id is made once per face, not once per sample.
    var ids: [HitID] = [.none]

    private let right: Vector3, up: Vector3, eye: Vector3, pivot: Vector3
    private let zoom: Double, aspect: Double
    private let centreX: Double, centreY: Double
    /// The edge direction on screen of each lattice axis (x, y, z). Every face's sides run along
    /// the axes, so the angle (an arc tangent) is worked out three times a frame, not twice a face.
    private var axisEdges: (x: SceneSample.Edge, y: SceneSample.Edge, z: SceneSample.Edge) = (.none, .none, .none)
    /// Half width of an edge line on each side, in samples.
    static let edgeWidth = 0.5
    /// The half width this picture draws edges with: `edgeWidth`, or narrower where an edge is
    /// a gap of background between shaded faces (`RenderStyle.Glyphs.shades`), so that the
    /// gaps part the faces without eating them.
    var edgeHalfWidth = Rasterizer.edgeWidth
    /// The materials (`LookTable` numbering: 2 + the piece's index) seen through the figure as
    /// through a screen door rather than veiled all over: the piece in hand, which the player
    /// must see whole to steer, yet see as behind the figure (see `fill(_:overlayingEdges:)`).
    var screened: [Bool] = []
    /// Whether the ghost's slanted edges are drawn over a piece seen through the figure
    /// (`fill(_:overlayingEdges:)`). In unicode one-sample cells a slanted cage line is a row
    /// of dots (`LookTable.shadeGlyph`), and over a piece behind the figure its dots took the
    /// cells of the piece's fill: L, set behind B's fit, was half dots at 80x24 (issue 34).
    /// There the straight lines still cross the piece, and the piece keeps its faint fill
    /// under the slanted ones.
    var overlaysSlantedEdges = true

    /// The faces' depths and their order, nearest first (`fill(_:overlayingEdges:)`): kept
    /// between fills, and between frames through `RenderBuffers`.
    var depths: [Double] = []
    var order: [Int] = []

    /// A rasterizer over a cleared grid of `columns` x `rows` cells' samples. `reusing` and
    /// `ids` are a previous frame's arrays (`RenderBuffers`): their memory is cleared and drawn
    /// in again rather than allocated anew.
    init(camera: Camera, columns: Int, rows: Int, samplesPerRow: Int, samplesPerColumn: Int = 1,
         reusing grid: [SceneSample] = [], ids reusedIDs: [HitID] = []) {
        width = columns * samplesPerColumn
        self.samplesPerRow = samplesPerRow
        self.samplesPerColumn = samplesPerColumn
        height = rows * samplesPerRow
        let count = width * height
        samples = grid
        if samples.count == count {
            // The empty sample is all zero bits, so clearing the grid is a memory fill.
            samples.withUnsafeMutableBytes { raw in _ = raw.initializeMemory(as: UInt8.self, repeating: 0) }
        } else if samples.capacity >= count {
            samples.removeAll(keepingCapacity: true)
            samples.append(contentsOf: repeatElement(SceneSample(), count: count))
        } else {
            samples = [SceneSample](unsafeUninitializedCapacity: count) { buffer, made in
                buffer.initialize(repeating: SceneSample())
                made = buffer.count
            }
        }
        ids = reusedIDs
        ids.removeAll(keepingCapacity: true)
        ids.append(.none)
        right = camera.right; up = camera.up; eye = camera.towardEye; pivot = camera.pivot
        zoom = camera.zoom; aspect = camera.aspect
        centreX = Double(columns) / 2
        centreY = Double(rows) / 2
        axisEdges = (edgeGlyph(along: linear(Vector3(1, 0, 0))), edgeGlyph(along: linear(Vector3(0, 1, 0))),
                     edgeGlyph(along: linear(Vector3(0, 0, 1))))
    }

    /// Sample-space position (x in samples across, y in samples down) and depth of a lattice point.
    @inline(__always)
    func screen(_ p: Vector3) -> (x: Double, y: Double, depth: Double) {
        let q = p - pivot
        return ((centreX + zoom * q.dot(right)) * Double(samplesPerColumn), (centreY - zoom / aspect * q.dot(up)) * Double(samplesPerRow),
                -q.dot(eye))
    }

    /// The change in sample-space position and depth along a lattice vector.
    @inline(__always)
    func linear(_ v: Vector3) -> (x: Double, y: Double, depth: Double) {
        (zoom * v.dot(right) * Double(samplesPerColumn), -zoom / aspect * v.dot(up) * Double(samplesPerRow), -v.dot(eye))
    }

    /// The ascii line character for an edge running along `v` on screen, judged by its true
    /// angle (a row counts `aspect` columns).
    func edgeGlyph(along v: (x: Double, y: Double, depth: Double)) -> SceneSample.Edge {
        let upward = -v.y / Double(samplesPerRow) * aspect
        var angle = arcTangent(upward, v.x / Double(samplesPerColumn)) * 180 / .pi
        if angle < 0 { angle += 180 }
        if angle < 22.5 || angle >= 157.5 { return .horizontal }
        if angle >= 67.5 && angle < 112.5 { return .vertical }
        return angle < 90 ? .rising : .falling
    }

    /// The edge direction of lattice vector `v`, which runs along `screen` on the screen.
    /// Inlined, and the axes' directions a tuple: called on the rasterizer's copy, it copied the
    /// whole rasterizer (256 bytes) twice a face.
    @inline(__always)
    private func edge(along v: Vector3, _ screen: (x: Double, y: Double, depth: Double)) -> SceneSample.Edge {
        switch v {
        case Vector3(1, 0, 0): axisEdges.x
        case Vector3(0, 1, 0): axisEdges.y
        case Vector3(0, 0, 1): axisEdges.z
        default: edgeGlyph(along: screen)
        }
    }

    /// Which borders of a face to draw (bits as in `CubeFace.edges`): `mask` all drawn ones,
    /// `wide` those drawn twice as wide, `seam` those drawn in the fainter seam look.
    struct Edges: Hashable, Sendable {
        var mask: UInt8, wide: UInt8, seam: UInt8 = 0
        /// Borders where a piece touches another piece or the floor (`Contact`), drawn in the
        /// contact look; a subset of `mask`.
        var contact: UInt8 = 0

        static let none = Edges(mask: 0, wide: 0)
        static let all = Edges(mask: 15, wide: 0)
    }

    /// One face to fill: the arguments of `fill(corner:a:b:edges:bias:id:layer:looks:buried:)`.
    public struct Face {
        var corner: Vector3, a: Vector3, b: Vector3
        var edges: Edges
        var bias: Double
        var id: HitID
        var layer: SceneSample.Layer
        var looks: LookTable.FaceLooks
        var buried = false
    }

    /// How far inside its borders (in face units) a buried face can never be seen; see `fill`.
    /// Well above the depth biases (at most 0.004 between two pieces) and Float rounding.
    static let buriedMargin = 0.05

    /// Fills faces nearest first: where faces overlap, the hidden ones then fail the depth test
    /// at once instead of being drawn and overdrawn. The picture is the same in any order (ties
    /// at equal depth go to the first drawn, and the depth biases keep those rare).
    ///
    /// `overlayingEdges` lets the faces' edges show over a higher layer where they are nearer:
    /// the ghost's cell edges are drawn across a piece seen through an empty cell, so the empty
    /// cells in front read as a wire cage rather than vanish into the colours behind them. Only
    /// the look changes there: the sample keeps the piece's depth and hit id, so a click still
    /// takes the piece. Inside the faces, a piece behind them takes its veiled look
    /// (`LookTable.veiled`): seen through the empty figure, not as part of it. A `screened`
    /// piece is veiled on every other sample only, in a checker: its hidden part reads as seen
    /// through a mesh, distinct from its solid visible part, and its whole shape stays in view.

    mutating func fill(_ faces: [Face], overlayingEdges: Bool = false) {
        // Indices are sorted, not the faces: moving faces (some 150 bytes each) made the sort a
        // noticeable part of a frame.
        // Into arrays kept between fills: a frame fills four lists of faces.
        depths.removeAll(keepingCapacity: true)
        depths.reserveCapacity(faces.count)
        ids.reserveCapacity(ids.count + faces.count)
        for face in faces { depths.append(screen(face.corner + (face.a + face.b) / 2).depth) }
        self.order.removeAll(keepingCapacity: true)
        self.order.reserveCapacity(faces.count)
        self.order.append(contentsOf: faces.indices)
        var order = moveOut(&self.order)
        defer { self.order = order }
        depths.withUnsafeBufferPointer { depths in order.sort(by: { depths[$0] < depths[$1] }) }
        for i in order {
            let f = faces[i]
            fill(corner: f.corner, a: f.a, b: f.b, edges: f.edges, bias: f.bias, id: f.id, layer: f.layer, looks: f.looks,
                 buried: f.buried, overlayingEdges: overlayingEdges)
        }
    }

    /// `Int(x.rounded(.up))` and `Int(x.rounded(.down))` for `x >= 0`, without the libm call
    /// the baseline x86-64 target makes for rounding (it has no rounding instruction): truncation
    /// is the floor of a non-negative number.
    @inline(__always)
    private static func ceiling(_ x: Double) -> Int {
        let t = Int(x)
        return Double(t) < x ? t + 1 : t
    }

    @inline(__always)
    private static func floor(_ x: Double) -> Int { Int(x) }

    /// Fills the parallelogram `corner + s a + t b` (s, t in 0...1) where it is nearer than
    /// what is there, or over anything of a lower layer whatever its depth, and never over a
    /// higher layer: pieces are seen through the ghost (so a piece behind an empty cell of the
    /// figure stays visible), and the ghost over the floor. The layers may be drawn in any order.
    /// `edges` says which borders to draw (see `CubeFace.edges`); `bias` nudges the depth so
    /// that, where two things touch, the intended one wins; `id` is what hit testing reports for
    /// the face; `looks` gives the sample's look inside the face, on its edges and in its hatching.
    ///
    /// `buried` says that the face is a unit square lying on a cube of a piece drawn where it
    /// lies (no displacement), on the camera's side: an inner face between two pieces, or the
    /// floor or the ghost under a piece. Then at a point at least `buriedMargin` inside its
    /// borders the line of sight runs through that piece for at least that distance before it
    /// leaves the piece through a face the piece draws, nearer by more than any depth bias and of
    /// the highest layer: the face cannot show there, and those samples are not visited. Only a
    /// thin rim is filled, where the face could win a tie along an edge, so the picture is
    /// exactly the one drawn with the whole face.
    mutating func fill(corner: Vector3, a: Vector3, b: Vector3, edges: Edges, bias: Double,
                       id: HitID, layer: SceneSample.Layer, looks: LookTable.FaceLooks, buried: Bool = false,
                       overlayingEdges: Bool = false) {
        let p = screen(corner), pa = linear(a), pb = linear(b)
        let det = pa.x * pb.y - pa.y * pb.x
        guard abs(det) > 1e-9 else { return }
        let minX = p.x + min(0, pa.x) + min(0, pb.x), maxX = p.x + max(0, pa.x) + max(0, pb.x)
        let minY = p.y + min(0, pa.y) + min(0, pb.y), maxY = p.y + max(0, pa.y) + max(0, pb.y)
        guard maxX > 0, maxY > 0, minX < Double(width), minY < Double(height) else { return }
        let x0 = max(0, Int((minX - 0.5).rounded(.up)))
        let x1 = min(width - 1, Int((maxX - 0.5).rounded(.down)))
        let y0 = max(0, Int((minY - 0.5).rounded(.up)))
        let y1 = min(height - 1, Int((maxY - 0.5).rounded(.down)))
        guard x0 <= x1, y0 <= y1 else { return }

        let inv = 1 / det
        let lenA = (pa.x * pa.x + pa.y * pa.y).squareRoot(), lenB = (pb.x * pb.x + pb.y * pb.y).squareRoot()
        let hu = abs(det) / lenB, hv = abs(det) / lenA
        // The edge looks for lines along a and along b (looks.edges + direction - 1).
        let directionA = UInt16(edge(along: a, pa).rawValue) &- 1, directionB = UInt16(edge(along: b, pb).rawValue) &- 1
        // The look of each of the four borders: outline, or seam between two cubes of one body.
        func border(_ bit: UInt8, _ direction: UInt16) -> UInt16 {
            (edges.seam & bit != 0 ? looks.seams : (edges.contact & bit != 0 ? looks.contacts : looks.edges)) &+ direction
        }
        let look0 = border(1, directionA), look1 = border(2, directionA)
        let look2 = border(4, directionB), look3 = border(8, directionB)
        // Which of them may be drawn over a higher layer: all, or the straight ones only
        // (`overlaysSlantedEdges`; directions less one: 0 horizontal, 1 vertical).
        let overlaysA = overlayingEdges && (overlaysSlantedEdges || directionA < 2)
        let overlaysB = overlayingEdges && (overlaysSlantedEdges || directionB < 2)
        @inline(__always)
        func overlays(_ look: UInt16) -> Bool { look == look0 || look == look1 ? overlaysA : overlaysB }
        let hatched = looks.hatch != looks.interior
        // Distances in edge widths: an edge drawn wide counts half as far.
        let w = edgeHalfWidth
        func scale(_ bit: UInt8, _ h: Double) -> Double {
            edges.mask & bit == 0 ? .infinity : (edges.wide & bit != 0 ? h / (2 * w) : h / w)
        }
        let k0 = scale(1, hv), k1 = scale(2, hv), k2 = scale(4, hu), k3 = scale(8, hu)
        let eps = 1e-7
        // On one row s and t are linear in the column, so the columns inside the face are an
        // interval found by solving 0 <= s, t <= 1, and no sample outside it is visited.
        let sStep = pb.y * inv, tStep = -pa.y * inv
        // Narrows lo...hi to the columns i where start + i * step lies in from...to.
        func span(_ start: Double, _ step: Double, _ from: Double, _ to: Double, _ lo: inout Double, _ hi: inout Double) {
            if step > 0 {
                lo = max(lo, (from - start) / step); hi = min(hi, (to - start) / step)
            } else if step < 0 {
                lo = max(lo, (to - start) / step); hi = min(hi, (from - start) / step)
            } else if start < from || start > to {
                hi = -1
            }
        }
        let inner = (from: Rasterizer.buriedMargin, to: 1 - Rasterizer.buriedMargin)
        let face = UInt32(ids.count)
        ids.append(id)
        // Read only where a face veils (`veil`): a copy of the array was a retain and a release a face.
        let screened = overlayingEdges ? self.screened : []
        samples.withUnsafeMutableBufferPointer { samples in
            // The look of the nearest drawn edge within its width of face point (s, t), nil
            // inside the edges.
            @inline(__always)
            func edgeLook(_ s: Double, _ t: Double) -> UInt16? {
                var look: UInt16?, nearest = 1.0
                if t * k0 < nearest { nearest = t * k0; look = look0 }
                if (1 - t) * k1 < nearest { nearest = (1 - t) * k1; look = look1 }
                if s * k2 < nearest { nearest = s * k2; look = look2 }
                if (1 - s) * k3 < nearest { look = look3 }
                return look
            }
            @inline(__always)
            func insideLook(_ i: Int, _ j: Int) -> UInt16 {
                hatched && (i &+ j) % 3 == 0 ? looks.hatch : looks.interior
            }
            // Puts the face's sample at index k (face point s, t) if it is nearer than what is
            // there; callers have already ruled out a higher layer (`open`).
            @inline(__always)
            func plot(_ k: Int, _ s: Double, _ t: Double, _ look: UInt16) {
                let depth = Float(p.depth + s * pa.depth + t * pb.depth + bias)
                if samples[k].layer == layer && !(depth < samples[k].depth) { return }
                samples[k] = SceneSample(depth: depth, face: face, look: look, layer: layer)
            }
            // An edge over a higher layer (see `fill(_:overlayingEdges:)`): only its look, and
            // only where it is nearer.
            @inline(__always)
            func overlay(_ k: Int, _ s: Double, _ t: Double, _ look: UInt16) {
                let depth = Float(p.depth + s * pa.depth + t * pb.depth + bias)
                if depth < samples[k].depth { samples[k].look = look; samples[k].wired = true }
            }
            // A sample of a higher layer (a piece) behind the face's inside: its veiled look
            // (`LookTable.veiled`), keeping its depth and hit id; a screened piece's only on
            // the dark squares of a checker (sample column i, row j).
            @inline(__always)
            func veil(_ k: Int, _ s: Double, _ t: Double, _ i: Int, _ j: Int) {
                let depth = Float(p.depth + s * pa.depth + t * pb.depth + bias)
                guard depth < samples[k].depth && !samples[k].wired else { return }
                let look = samples[k].look
                if (i &+ j) & 1 == 0, !screened.isEmpty, look > 0 {
                    let material = (Int(look) &- 1) / LookTable.slots
                    if material < screened.count && screened[material] { return }
                }
                samples[k].look = LookTable.veiled(look)
            }
            for j in y0...y1 {
                let dy = Double(j) + 0.5 - p.y
                // s and t at column 0's centre.
                let s0 = ((0.5 - p.x) * pb.y - dy * pb.x) * inv
                let t0 = (pa.x * dy - pa.y * (0.5 - p.x)) * inv
                var lo = Double(x0), hi = Double(x1)
                span(s0, sStep, -eps, 1 + eps, &lo, &hi)
                span(t0, tStep, -eps, 1 + eps, &lo, &hi)
                // Past this guard x0 <= lo <= hi <= x1, so both are finite and non-negative.
                guard lo <= hi else { continue }
                let first = max(x0, Rasterizer.ceiling(lo)), end = min(x1, Rasterizer.floor(hi)) + 1
                guard first < end else { continue }
                let rowBase = j &* width
                // Column i: its face point, and whether a lower layer (not a higher) is there.
                @inline(__always)
                func point(_ i: Int) -> (s: Double, t: Double) { (s0 + Double(i) * sStep, t0 + Double(i) * tStep) }
                @inline(__always)
                func open(_ i: Int) -> Bool { samples[rowBase &+ i].layer.rawValue <= layer.rawValue }

                if buried {
                    // Only the rim: the columns skip..<resume are left out (first <= skip <= resume <= end).
                    var skip = end, resume = end
                    var lo = lo, hi = hi
                    span(s0, sStep, inner.from, inner.to, &lo, &hi)
                    span(t0, tStep, inner.from, inner.to, &lo, &hi)
                    if lo <= hi { skip = Rasterizer.ceiling(lo); resume = max(skip, Rasterizer.floor(hi) + 1) }
                    @inline(__always)
                    func rim(_ i: Int) {
                        guard open(i) else { return }
                        let (s, t) = point(i)
                        plot(rowBase &+ i, s, t, edgeLook(s, t) ?? insideLook(i, j))
                    }
                    for i in first..<skip { rim(i) }
                    for i in resume..<end { rim(i) }
                    continue
                }
                // Each of the four edge tests holds on the columns up to or from some column
                // (s and t are monotonic along the row, even as rounded), so the columns inside
                // the edges are one run: edges are looked for only from both ends inward, and
                // the run between is filled without testing.
                var i = first, last = end
                if !overlayingEdges {
                    // Columns a higher layer holds are left as they are here, so the run is
                    // narrowed to its first and last open columns (the floor under the pieces
                    // and the figure: a row of them no longer looks for edges), and a row with
                    // none is skipped. The edge columns are still those at the run's ends: each
                    // is found by its own test, whichever end of the row it lay at.
                    while i < last && !open(i) { i += 1 }
                    while last > i && !open(last - 1) { last -= 1 }
                    guard i < last else { continue }
                }
                while i < last, let look = edgeLook(point(i).s, point(i).t) {
                    if open(i) {
                        plot(rowBase &+ i, point(i).s, point(i).t, look)
                    } else if overlayingEdges {
                        // A slanted edge left off the piece veils it, as the face's inside does.
                        if overlays(look) {
                            overlay(rowBase &+ i, point(i).s, point(i).t, look)
                        } else {
                            veil(rowBase &+ i, point(i).s, point(i).t, i, j)
                        }
                    }
                    i += 1
                }
                var stop = last
                while stop > i, let look = edgeLook(point(stop - 1).s, point(stop - 1).t) {
                    stop -= 1
                    if open(stop) {
                        plot(rowBase &+ stop, point(stop).s, point(stop).t, look)
                    } else if overlayingEdges {
                        if overlays(look) {
                            overlay(rowBase &+ stop, point(stop).s, point(stop).t, look)
                        } else {
                            veil(rowBase &+ stop, point(stop).s, point(stop).t, stop, j)
                        }
                    }
                }
                if overlayingEdges {
                    // A piece behind the face's inside is seen through it, veiled.
                    for i in i..<stop {
                        let (s, t) = point(i)
                        if open(i) {
                            plot(rowBase &+ i, s, t, insideLook(i, j))
                        } else {
                            veil(rowBase &+ i, s, t, i, j)
                        }
                    }
                    continue
                }
                for i in i..<stop where open(i) {
                    let (s, t) = point(i)
                    plot(rowBase &+ i, s, t, insideLook(i, j))
                }
            }
        }
    }
}
