@testable import Polycube
import Testing

/// A catalog file states its count of distinct solutions in its opening comment.
@Suite struct StatedSolutionCountTests {
    @Test func theOpeningCommentStatesTheCount() throws {
        #expect(CatalogEntry.statedSolutionCount(in: "; The cube.\n; 240 solutions up to rotation and reflection;\nname: x\n") == 240)
        #expect(CatalogEntry.statedSolutionCount(in: "; 1 solution up to rotation and reflection.\n\n#\n") == 1)
        #expect(CatalogEntry.statedSolutionCount(in: "name: x\n; 5 solutions up to rotation and reflection\n") == nil,
                "only before the figure")
        #expect(CatalogEntry.statedSolutionCount(in: "; 5 ways up to rotation\n") == nil)
        #expect(CatalogEntry.statedSolutionCount(in: "") == nil)
        #expect(try Catalog.entry(named: "cube").solutionCount == 240)
    }
}
