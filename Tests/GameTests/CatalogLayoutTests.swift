import Polycube
import Testing
@testable import Game

/// Every figure of the built-in catalog starts playable: pieces on the floor, none on the
/// figure's footprint, none overlapping another.
@Suite("Catalog layouts")
struct CatalogLayoutTests {
    @Test("every catalog figure lays its pieces out off the footprint without overlaps")
    func layouts() {
        for entry in Catalog.figures {
            let figure = entry.figure
            let footprint = Set(figure.cells.map { Cell($0.x, $0.y, 0) })
            if figure.isBoard {
                let g = PentominoGame(board: figure)
                let cells = g.tiles.indices.flatMap { g.cells(ofTile: $0) }
                #expect(Set(cells).count == cells.count, "\(entry.name): tiles overlap")
                #expect(!cells.contains(where: footprint.contains), "\(entry.name): a tile is on the board")
            } else {
                let g = SomaGame(figure: figure)
                let cells = g.cells
                #expect(Set(cells).count == cells.count, "\(entry.name): pieces overlap")
                #expect(!cells.contains { footprint.contains(Cell($0.x, $0.y, 0)) }, "\(entry.name): a piece is on the footprint")
                #expect(cells.allSatisfy { $0.z >= g.floor }, "\(entry.name): a piece is below the floor")
                #expect(g.pieces.count + Set(g.fixed.values).count >= 1)
            }
        }
    }
}
