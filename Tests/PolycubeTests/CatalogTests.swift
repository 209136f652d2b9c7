import Testing
@testable import Polycube

@Suite struct CatalogTests {
    @Test func holdsTheNamesTheCommandLineUses() {
        let names = Set(Catalog.names)
        for name in ["cube", "bathtub", "steamer", "crystal", "pyramid", "castle", "tower", "wall",
                     "tunnel", "dog", "6x10", "5x12", "4x15", "3x20", "8x8-hole",
                     "2x3x10", "2x5x6", "3x4x5", "bedlam"] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(names.count == Catalog.figures.count)
        #expect(Catalog.names.first == "cube")
        for name in Catalog.names {
            #expect(name.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(name)")
        }
    }

    @Test func entriesAreGroupedByKind() {
        let kinds = Catalog.figures.map(\.kind)
        // Each kind appears in one run, in the order of `Kind.allCases`.
        var runs: [CatalogEntry.Kind] = []
        for k in kinds where runs.last != k { runs.append(k) }
        #expect(runs == CatalogEntry.Kind.allCases)
    }

    /// `entries(of:)` reads only the header to pick a kind's files (issue 35, start-up): it must
    /// give exactly what parsing every file and filtering would, for every kind.
    @Test func entriesOfAKindAreTheFilteredCatalog() {
        var total = 0
        for kind in CatalogEntry.Kind.allCases {
            let entries = Catalog.entries(of: kind)
            #expect(entries == Catalog.figures.filter { $0.kind == kind }, "\(kind)")
            total += entries.count
        }
        #expect(Catalog.entries(of: .soma).count == 26)
        #expect(Catalog.entries(of: .other).map(\.name) == ["bedlam"])
        #expect(total == Catalog.figures.count)
    }

    @Test func statedKindReadsOnlyThePiecesHeader() {
        func kind(_ text: String) -> CatalogEntry.Kind { Catalog.statedKind(of: Array(text.utf8)) }
        #expect(kind("; pieces: bedlam in a comment\nname: X\n\n###\n") == .soma)
        #expect(kind("name: X\r\n pieces : pentominoes \r\n\r\n#####\r\n") == .board)
        #expect(kind("pieces: solid-pentominoes ; the boxes\n#####\n") == .box)
        #expect(kind("###\npieces: bedlam\n") == .soma)
        #expect(kind("pieces: bedlam\n####\n") == .other)
    }

    @Test func statedSolutionCountReadsTheOpeningComment() {
        #expect(CatalogEntry.statedSolutionCount(in: "; A figure.\n\n; 240 solutions up to rotation and reflection\nname: X\n") == 240)
        #expect(CatalogEntry.statedSolutionCount(in: "; 1 solution up to rotation") == 1)
        #expect(CatalogEntry.statedSolutionCount(in: "name: X\n; 240 solutions up to rotation and reflection\n") == nil)
        #expect(CatalogEntry.statedSolutionCount(in: "") == nil)
        #expect(Catalog.figures.first { $0.name == "cube" }?.solutionCount == 240)
        #expect(Catalog.figures.first { $0.name == "bedlam" }?.solutionCount == 19186)
    }

    @Test func everySomaFigureHas27ConnectedCells() {
        let soma = Catalog.figures.filter { $0.kind == .soma }
        #expect(soma.count >= 21)
        for entry in soma {
            #expect(entry.cellCount == 27, "\(entry.name)")
            #expect(entry.figure.shape.isConnected, "\(entry.name)")
            #expect(entry.figure.preplaced.isEmpty, "\(entry.name)")
        }
        // Display names are distinct, and so are the shapes (no figure listed twice).
        #expect(Set(soma.map(\.displayName)).count == soma.count)
        #expect(Set(soma.map { $0.figure.shape.canonical(under: Isometry.all) }).count == soma.count)
    }

    @Test func boardsAndBoxesHoldTheSixtyCellsOfTheirPieces() throws {
        let boards = Catalog.figures.filter { $0.kind == .board }
        #expect(boards.map(\.name) == ["6x10", "5x12", "4x15", "3x20", "8x8-hole"])
        for entry in boards {
            #expect(entry.figure.isBoard, "\(entry.name)")
            #expect(entry.cellCount == 60, "\(entry.name)")
        }
        let hole = try Catalog.figure(named: "8x8-hole")
        let cells = Set(hole.cells)
        #expect([Cell(3, 3), Cell(4, 3), Cell(3, 4), Cell(4, 4)].allSatisfy { !cells.contains($0) })
        #expect(hole.shape.size == (x: 8, y: 8, z: 1))

        let boxes = Catalog.figures.filter { $0.kind == .box }
        #expect(boxes.map(\.name) == ["2x3x10", "2x5x6", "3x4x5"])
        for entry in boxes {
            let s = entry.figure.shape.size
            #expect(entry.cellCount == 60 && s.x * s.y * s.z == 60, "\(entry.name)")
            #expect([s.x, s.y, s.z].sorted() == entry.name.split(separator: "x").map { Int($0)! }.sorted())
        }

        let bedlam = try Catalog.entry(named: "bedlam")
        #expect(bedlam.kind == .other)
        #expect(bedlam.cellCount == 64)
        #expect(bedlam.figure.pieceSet.cellCount == 64)
    }

    @Test func everyFigureHasExactlyTheCellsOfItsPieces() {
        for entry in Catalog.figures {
            #expect(entry.cellCount == entry.figure.pieceSet.cellCount, "\(entry.name)")
        }
    }

    @Test func unknownNamesAreErrorsListingTheKnownOnes() {
        #expect(throws: UnknownFigureError.self) { try Catalog.figure(named: "teapot") }
        do {
            _ = try Catalog.figure(named: "teapot")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("no built-in figure named `teapot`; known figures: cube, "))
            #expect(message.contains("8x8-hole"))
        }
    }

    /// Issue 38: a typo gets the one name meant, not the list of 35.
    @Test func aNearNameIsSuggestedInsteadOfTheList() {
        #expect(UnknownFigureError(name: "bathub", known: Catalog.names).description
                == "no figure named `bathub`; did you mean `bathtub`? (`soma figures` lists them all)")
        #expect(UnknownFigureError(name: "cueb", known: Catalog.names).description
                == "no figure named `cueb`; did you mean `cube`? (`soma figures` lists them all)")
        // Nothing close: the list, and a control character in the name is not echoed.
        #expect(UnknownFigureError(name: "tea\u{1B}pot", known: ["cube", "bathtub"]).description
                == "no built-in figure named `teapot`; known figures: cube, bathtub")
        #expect(EditDistance.between("bathub", "bathtub") == 1)
        #expect(EditDistance.between("solev", "solve") == 1)
        #expect(EditDistance.nearest(to: "zzzz", among: Catalog.names) == nil)
    }

    @Test func theClassicsHaveTheirShapes() throws {
        let cube = try Catalog.figure(named: "cube")
        #expect(cube.shape.size == (x: 3, y: 3, z: 3))
        let bathtub = try Catalog.figure(named: "bathtub")
        #expect(bathtub.cells.filter { $0.z == 0 }.count == 15)
        #expect(bathtub.shape.size == (x: 5, y: 3, z: 2))
        let tower = try Catalog.figure(named: "tower")
        #expect(tower.shape.size == (x: 2, y: 2, z: 7))
    }
}
