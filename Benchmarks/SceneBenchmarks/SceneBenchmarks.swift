import Benchmark
import Polycube
import Scene

/// The solved Soma cube with all seven pieces, over its ghost and a floor: the heaviest scene
/// the game draws every frame.
private func solvedCube() -> SceneModel {
    let solution: [[Cell]] = [
        [Cell(0, 0, 1), Cell(0, 0, 2), Cell(0, 1, 1)],
        [Cell(2, 1, 0), Cell(2, 1, 1), Cell(2, 1, 2), Cell(2, 2, 0)],
        [Cell(0, 0, 0), Cell(0, 1, 0), Cell(0, 2, 0), Cell(1, 1, 0)],
        [Cell(1, 2, 0), Cell(1, 2, 1), Cell(2, 2, 1), Cell(2, 2, 2)],
        [Cell(1, 0, 2), Cell(1, 1, 2), Cell(2, 0, 1), Cell(2, 0, 2)],
        [Cell(1, 0, 0), Cell(1, 0, 1), Cell(1, 1, 1), Cell(2, 0, 0)],
        [Cell(0, 1, 2), Cell(0, 2, 1), Cell(0, 2, 2), Cell(1, 2, 2)],
    ]
    var model = SceneModel(ghostCells: (0..<27).map { Cell($0 % 3, ($0 / 3) % 3, $0 / 9) },
                           pieces: solution.enumerated().map { ScenePiece(id: $0.offset, cells: $0.element, color: .palette($0.offset)) })
    model.floor = model.floorAround()
    return model
}

/// The cube half built: the lower layer placed, three pieces lying around on the floor, one of
/// them selected and one behind the figure's empty upper cells: the ghost is drawn, and pieces
/// are seen (veiled) through it, the work the solved cube does not show.
private func halfBuiltCube() -> SceneModel {
    let placed: [[Cell]] = [
        [Cell(0, 0, 0), Cell(0, 1, 0), Cell(0, 2, 0), Cell(1, 1, 0)],
        [Cell(1, 0, 0), Cell(2, 0, 0), Cell(2, 1, 0)],
        [Cell(1, 2, 0), Cell(2, 2, 0)],
    ]
    let around: [[Cell]] = [
        [Cell(0, 5, 0), Cell(1, 5, 0), Cell(1, 6, 0), Cell(2, 6, 0)],
        [Cell(5, 0, 0), Cell(5, 1, 0), Cell(5, 2, 0), Cell(6, 1, 0)],
        [Cell(-3, 4, 0), Cell(-3, 5, 0), Cell(-2, 5, 0), Cell(-2, 5, 1)],
    ]
    var pieces = (placed + around).enumerated().map { ScenePiece(id: $0.offset, cells: $0.element, color: .palette($0.offset)) }
    pieces[4].marks.insert(.selected)
    var model = SceneModel(ghostCells: (0..<27).map { Cell($0 % 3, ($0 / 3) % 3, $0 / 9) }, pieces: pieces)
    model.floor = model.floorAround()
    return model
}

let benchmarks: @Sendable () -> Void = {
    let half = halfBuiltCube()
    // Frames are drawn in memory kept from frame to frame, as the game screens draw them
    // (`RenderBuffers`, issue 34): one set per benchmark, as one per screen, made outside the
    // measured closure (which runs once per sample, so a set made inside it was always fresh).
    for (width, height) in [(120, 40), (200, 60)] {
        var view = Camera.isometric(view: 0, pivot: half.centre)
        view.zoom = view.zoomToFit(half.allCells, width: width - 2, height: height - 2)
        let buffers = RenderBuffers()
        Benchmark("Scene: render the half-built cube, \(width)x\(height), blocks",
                  configuration: .init(metrics: [.wallClock], maxDuration: .seconds(2))) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(SceneRenderer.render(half, camera: view, width: width, height: height, style: .blocks256, buffers: buffers))
            }
        }
        // The games' default cells: 2x2 samples a cell, twice the rasterizer's work, and the
        // block encoder's choice of glyph and colours (issue 25).
        for cells in [RenderStyle.Cells.quadrants, .sextants] {
            var style = RenderStyle.blocks256
            style.cells = cells
            let buffers = RenderBuffers()
            Benchmark("Scene: render the half-built cube, \(width)x\(height), \(cells.rawValue)",
                      configuration: .init(metrics: [.wallClock], maxDuration: .seconds(2))) { benchmark in
                for _ in benchmark.scaledIterations {
                    blackHole(SceneRenderer.render(half, camera: view, width: width, height: height, style: style, buffers: buffers))
                }
            }
        }
    }

    let model = solvedCube()
    var camera = Camera.isometric(view: 0, pivot: model.centre)
    camera.zoom = camera.zoomToFit(model.allCells, width: 198, height: 58)

    for (name, style) in [("ascii", RenderStyle.ascii), ("blocks", RenderStyle.blocks256)] {
        let buffers = RenderBuffers()
        Benchmark("Scene: render the solved cube, 200x60, \(name)",
                  configuration: .init(metrics: [.wallClock], maxDuration: .seconds(2))) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(SceneRenderer.render(model, camera: camera, width: 200, height: 60, style: style, buffers: buffers))
            }
        }
    }

    let frame = SceneRenderer.render(model, camera: camera, width: 200, height: 60, style: .blocks256)
    // A thousand hit tests per iteration over cells spread across the canvas (the
    // per-cell cost, goal under 1 microsecond, is the reported time divided by 1000).
    let probes = (0..<1000).map { k in (column: (k * 37) % 200, row: (k * 11) % 60) }
    Benchmark("Scene: hit test 1000 cells of the solved cube, 200x60",
              configuration: .init(metrics: [.wallClock], maxDuration: .seconds(2))) { benchmark in
        for _ in benchmark.scaledIterations {
            for p in probes { blackHole(frame.hitTest(column: p.column, row: p.row)) }
        }
    }
}
