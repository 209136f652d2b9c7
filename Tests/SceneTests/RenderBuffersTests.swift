import Polycube
import Testing
@testable import Scene

/// Frames drawn in memory kept from frame to frame (`RenderBuffers`, issue 34) are the frames
/// drawn in fresh memory, cell for cell (glyph, style, depth and hit id), whatever came before
/// them: another size, another kind of cell, another theme, other pieces; and a frame the
/// caller still holds is never drawn over by the next one.
@Suite struct RenderBuffersTests {
    static func styles() -> [RenderStyle] {
        var quadrants = RenderStyle.blocks256
        quadrants.cells = .quadrants
        var sextants = RenderStyle.blocks256
        sextants.cells = .sextants
        var light = sextants
        light.theme = .light
        return [sextants, quadrants, .blocks256, light, RenderStyle(glyphs: .shades, colors: .none),
                RenderStyle(glyphs: .shades, colors: .ansi8), .ascii, sextants]
    }

    static func frame(_ model: SceneModel, _ style: RenderStyle, _ width: Int, _ height: Int,
                      view: Int = 0, buffers: RenderBuffers? = nil) -> SceneFrame {
        let camera = SceneFixtures.camera(view: view, for: model, width: width, height: height)
        return SceneRenderer.render(model, camera: camera, width: width, height: height, style: style, buffers: buffers)
    }

    @Test("a frame in kept memory is the frame in fresh memory, after frames of other sizes, cells, themes and pieces")
    func sameFrames() {
        let buffers = RenderBuffers()
        let models = [SceneFixtures.halfBuilt, SceneFixtures.complete, SeenAsDrawnTests.issuePosition]
        for (index, style) in Self.styles().enumerated() {
            for (width, height) in [(120, 40), (80, 24), (200, 60), (80, 24)] {
                let model = models[(index + width) % models.count]
                let view = (index + height) % 4
                let kept = Self.frame(model, style, width, height, view: view, buffers: buffers)
                let fresh = Self.frame(model, style, width, height, view: view)
                #expect(kept.canvas == fresh.canvas, "\(SeenAsDrawnTests.name(style)) \(width)x\(height) view \(view)")
                // The same frame again, now that everything it needs is kept.
                #expect(Self.frame(model, style, width, height, view: view, buffers: buffers).canvas == fresh.canvas)
            }
        }
    }

    @Test("a frame the caller holds is not drawn over by the next frame in the same memory")
    func heldFrameKept() {
        let buffers = RenderBuffers()
        var sextants = RenderStyle.blocks256
        sextants.cells = .sextants
        let first = Self.frame(SceneFixtures.halfBuilt, sextants, 120, 40, buffers: buffers)
        let copy = Self.frame(SceneFixtures.halfBuilt, sextants, 120, 40)
        let second = Self.frame(SceneFixtures.complete, sextants, 120, 40, view: 2, buffers: buffers)
        #expect(first.canvas == copy.canvas)
        #expect(second.canvas != first.canvas)
        #expect(second.canvas == Self.frame(SceneFixtures.complete, sextants, 120, 40, view: 2).canvas)
    }
}
