import Polycube
import Solver
import Testing

/// Every Soma figure of the catalog has the distinct count its file states (the comment at the
/// top of `Resources/Figures/NAME.figure`).
@Suite struct CatalogSomaFigureTests {
    static let counts: [String: Int] = [
        "apartment-building": 41, "arch": 4, "bathtub": 79, "battleship": 1, "bed": 4, "canal": 294,
        "castle": 5, "chair": 130, "church": 7, "cornerstone": 5, "crystal": 1400, "cube": 240, "dog": 12,
        "duck": 335, "high-wall": 23, "poodle": 10, "pyramid": 7, "skyscraper": 916, "snake": 4,
        "steamer": 37, "throne": 179, "tower": 760, "tugboat": 658, "tunnel": 13, "wall": 52, "well": 160,
    ]

    @Test func everySomaFigureHasItsPublishedCount() throws {
        let figures = Catalog.figures.filter { $0.kind == .soma }
        #expect(figures.count == Self.counts.count)
        for entry in figures {
            let counted = try Solver(entry.figure).count(threads: 2)
            #expect(counted.distinct == Self.counts[entry.name], "\(entry.name)")
            // What `soma figures` shows is what the file states, and that is the solver's count.
            #expect(entry.solutionCount == counted.distinct, "\(entry.name)")
        }
    }

    /// Every other catalog figure states its count too, and the quick ones are the solver's here;
    /// 6x10 is counted in `PartitionTests`; Bedlam's 19186 was counted by the release binary
    /// (85 s), too slow for a unit test.
    @Test func everyBoardAndBoxStatesItsCount() throws {
        let others = Catalog.figures.filter { $0.kind != .soma }
        #expect(others.allSatisfy { $0.solutionCount != nil })
        let stated = Dictionary(uniqueKeysWithValues: others.map { ($0.name, $0.solutionCount) })
        #expect(stated["6x10"] == 2339 && stated["5x12"] == 1010 && stated["4x15"] == 368 && stated["bedlam"] == 19186)
        for name in ["3x20", "8x8-hole", "2x3x10"] {
            let entry = try #require(others.first { $0.name == name })
            #expect(try Solver(entry.figure).count(threads: 2).distinct == entry.solutionCount, "\(name)")
        }
    }
}
