import Testing
@testable import Polycube

/// The catalog read figure by figure (issue 35: a login's start-up parses only the figure it
/// plays): the names of a kind and the figure found by its own name must be exactly what
/// parsing the whole catalog gives.
@Suite struct CatalogLazyTests {
    @Test func namesOfAKindAreTheFilteredCatalogsNames() {
        for kind in CatalogEntry.Kind.allCases {
            #expect(Catalog.names(of: kind) == Catalog.figures.filter { $0.kind == kind }.map(\.name), "\(kind)")
        }
        #expect(Catalog.names(of: .soma).count == 26)
        #expect(Catalog.names(of: .other) == ["bedlam"])
    }

    @Test func everyFigureIsFoundByItsOwnNameAndKind() throws {
        for entry in Catalog.figures {
            #expect(Catalog.figure(titled: entry.figure.name, of: entry.kind) == entry.figure, "\(entry.name)")
        }
        let cube = try Catalog.figure(named: "cube")
        #expect(cube.name == "Cube")
        #expect(Catalog.figure(titled: "Cube", of: .soma) == cube)
        // Of another kind, by a command-line name, or by no name: not found.
        #expect(Catalog.figure(titled: "Cube", of: .board) == nil)
        #expect(Catalog.figure(titled: "cube", of: .soma) == nil)
        #expect(Catalog.figure(titled: "", of: .soma) == nil)
    }

    @Test func statedHeaderReadsOnlyTheHeader() {
        func name(_ text: String) -> String? { Catalog.statedHeader("name", of: Array(text.utf8)) }
        #expect(name("; name: in a comment\nname:  Tall Tower ; a note\n\n###\n") == "Tall Tower")
        #expect(name("pieces: soma\r\n name :\tA B\t\r\n\r\n#####\r\n") == "A B")
        #expect(name("###\nname: after the layer\n") == nil)
        #expect(name("pieces: bedlam\n") == nil)
        #expect(name("") == nil)
        // The key is the line's before its colon, every space left out, and whole.
        #expect(name("names: X\nname: Y\n###\n") == "Y")
        #expect(name("na me : Z\n###\n") == "Z")
        #expect(name("nam: Z\n###\n") == nil)
        #expect(name("name:\n###\n") == "")
        #expect(name("; a: b\nname: W ; c: d\n#\n") == "W")
        #expect(name("name ; : no colon before the comment\n###\n") == nil)
    }
}
