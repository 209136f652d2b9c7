import Polycube
import Testing
@testable import Game

/// The stores check a saved position as data (`ProgressCheck.position(_:fits:)`), never building
/// a game; these hold that check to the games: the pieces it expects are the games' pieces in
/// their order, and every start layout the games make (any seed) passes it, so a save of a
/// figure just opened is never set aside.
@Suite("Saved positions checked as data")
struct SavedPositionCheckTests {
    static func saved(_ poses: [Placement]) -> SavedPosition {
        SavedPosition(poses: poses.map(SavedPose.init), moves: 0, seconds: 0)
    }

    @Test("every catalog figure's start layouts pass, with the games' pieces in the games' order",
          arguments: [UInt64(0), 1, 7, 12345])
    func startLayoutsPass(seed: UInt64) {
        for entry in Catalog.figures {
            let figure = entry.figure
            let letters = ProgressCheck.pieces(of: figure).map(\.letter)
            if figure.isBoard {
                let g = PentominoGame(board: figure, layoutSeed: seed)
                #expect(letters == g.tiles.map(\.letter), "\(entry.name)")
                #expect(ProgressCheck.position(Self.saved(g.homes), fits: figure) == nil, "\(entry.name), seed \(seed)")
            } else {
                let g = SomaGame(figure: figure, layoutSeed: seed)
                #expect(letters == g.pieces.map(\.letter), "\(entry.name)")
                #expect(ProgressCheck.position(Self.saved(g.startPoses), fits: figure) == nil, "\(entry.name), seed \(seed)")
            }
        }
    }

    @Test("a position the game refuses is named without building one")
    func refusals() throws {
        let cube = try #require(Catalog.figures.first { $0.name == "cube" }).figure
        let start = SomaGame(figure: cube).startPoses
        // The last piece moved onto the first one's first cell.
        var overlapping = start
        let shape = ProgressCheck.pieces(of: cube)
        let target = start[0].cells(of: shape[0].shape)[0]
        let last = overlapping.count - 1
        let moved = Placement(piece: start[last].piece, orientation: start[last].orientation, offset: Cell(0, 0, 0))
        overlapping[last] = Placement(piece: moved.piece, orientation: moved.orientation,
                                      offset: target - moved.cells(of: shape[last].shape)[0])
        let why = try #require(ProgressCheck.position(Self.saved(overlapping), fits: cube))
        #expect(why.hasPrefix("pieces \(start[0].piece) and \(start[last].piece) (poses 1 and \(last + 1)) share the cell"), "\(why)")
        #expect(Progress.resumes(overlapping, on: cube) == false)

        #expect(ProgressCheck.position(Self.saved(Array(start.dropLast())), fits: cube) == "\(last) poses for \(last + 1) pieces")
        var far = start
        far[0] = Placement(piece: start[0].piece, orientation: start[0].orientation, offset: Cell(200, 0, 0))
        #expect(ProgressCheck.position(Self.saved(far), fits: cube)
                == "piece \(start[0].piece) (pose 1) lies more than 64 cells outside the figure and its tray")
    }
}

private extension Progress {
    /// Whether the game takes `poses` as a saved position of `figure`.
    static func resumes(_ poses: [Placement], on figure: Figure) -> Bool {
        var progress = Progress()
        progress.inProgress[figure.name] = SavedPosition(poses: poses.map(SavedPose.init), moves: 0, seconds: 0)
        return progress.resume(figure) != nil
    }
}
