import Polycube
@testable import Scene

/// Scenes the tests draw: the 3x3x3 cube solved with the seven Soma pieces, and half of it.
enum SceneFixtures {
    /// One solution of the cube, piece by piece in the set's order V L T Z A B P.
    static let solvedCube: [(letter: Character, cells: [Cell])] = [
        ("V", [Cell(0, 0, 1), Cell(0, 0, 2), Cell(0, 1, 1)]),
        ("L", [Cell(2, 1, 0), Cell(2, 1, 1), Cell(2, 1, 2), Cell(2, 2, 0)]),
        ("T", [Cell(0, 0, 0), Cell(0, 1, 0), Cell(0, 2, 0), Cell(1, 1, 0)]),
        ("Z", [Cell(1, 2, 0), Cell(1, 2, 1), Cell(2, 2, 1), Cell(2, 2, 2)]),
        ("A", [Cell(1, 0, 2), Cell(1, 1, 2), Cell(2, 0, 1), Cell(2, 0, 2)]),
        ("B", [Cell(1, 0, 0), Cell(1, 0, 1), Cell(1, 1, 1), Cell(2, 0, 0)]),
        ("P", [Cell(0, 1, 2), Cell(0, 2, 1), Cell(0, 2, 2), Cell(1, 2, 2)]),
    ]

    static let cubeCells: [Cell] = (0..<27).map { Cell($0 % 3, ($0 / 3) % 3, $0 / 9) }

    static func pieces(_ letters: String, marks: [Character: ScenePiece.Marks] = [:]) -> [ScenePiece] {
        solvedCube.enumerated().compactMap { index, entry in
            guard letters.contains(entry.letter) else { return nil }
            return ScenePiece(id: index, cells: entry.cells, color: .palette(index), marks: marks[entry.letter] ?? [])
        }
    }

    /// The complete cube: all seven pieces in place over the figure, with a floor.
    static var complete: SceneModel {
        var model = SceneModel(ghostCells: cubeCells, pieces: pieces("VLTZABP"))
        model.floor = model.floorAround(margin: 1)
        return model
    }

    /// Three pieces placed (T, B, L on the bottom), the rest of the figure a ghost; B selected.
    static var halfBuilt: SceneModel {
        var model = SceneModel(ghostCells: cubeCells, pieces: pieces("TBL", marks: ["B": .selected]))
        model.floor = model.floorAround(margin: 1)
        return model
    }

    static func camera(view: Int = 0, for model: SceneModel, width: Int, height: Int) -> Camera {
        var camera = Camera.isometric(view: view, pivot: model.centre)
        camera.zoom = camera.zoomToFit(model.allCells, width: width - 2, height: height - 2)
        return camera
    }
}
