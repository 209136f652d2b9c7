import Foundation
import Testing

/// `soma solve` as a script uses it: several figures in one call, counts cut by `--limit`.
@Suite("soma solve on the command line", .timeLimit(.minutes(10)),
       .requires(.soma))
struct SolveCommandTests {
    @Test("a bad figure among several is reported, the others are still solved, and the exit status is 2")
    func badFigureAmongSeveral() throws {
        let result = try Tmux.run([SomaBinary.path, "solve", "3x20", "no-such-figure", "cube", "--count"])
        #expect(result.output == "3x20 rectangle: 2 distinct solutions (8 raw)\nCube: 240 distinct solutions (11520 raw)\n")
        #expect(result.error.hasPrefix("soma solve: no built-in figure named `no-such-figure`; known figures: cube, "))
        #expect(result.error.split(separator: "\n").count == 1)
        #expect(result.status == 2)
    }

    @Test("every bad figure is named, in order")
    func everyBadFigure() throws {
        let result = try Tmux.run([SomaBinary.path, "solve", "nope-1", "cube", "nope-2", "--count"])
        let lines = result.error.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("`nope-1`") == true && lines.last?.contains("`nope-2`") == true)
        #expect(result.output == "Cube: 240 distinct solutions (11520 raw)\n")
        #expect(result.status == 2)
    }

    @Test("--json --limit says whether the count is complete",
          arguments: [("6x10", 5, 5, false), ("3x20", 2, 2, true), ("3x20", 3, 2, true), ("cube", 1000, 240, true)])
    func jsonComplete(figure: String, limit: Int, distinct: Int, complete: Bool) throws {
        let result = try Tmux.run([SomaBinary.path, "solve", figure, "--json", "--count", "--limit", "\(limit)"])
        #expect(result.status == 0, "\(result.error)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["distinct"] as? Int == distinct)
        #expect(object["complete"] as? Bool == complete)
    }

    @Test("a count cut by --limit says so in words, and a whole count does not")
    func textLimit() throws {
        let cut = try Tmux.run([SomaBinary.path, "solve", "6x10", "--count", "--limit", "5"])
        #expect(cut.output.hasPrefix("6x10 rectangle: 5 distinct solutions ("))
        #expect(cut.output.hasSuffix(" raw), stopped at --limit 5: there are more, the count is not complete\n"))
        let whole = try Tmux.run([SomaBinary.path, "solve", "3x20", "--count", "--limit", "2"])
        #expect(whole.output == "3x20 rectangle: 2 distinct solutions (8 raw)\n")
    }

    @Test("--all --limit says how many of the solutions it lists")
    func listingLimit() throws {
        let result = try Tmux.run([SomaBinary.path, "solve", "cube", "--all", "--limit", "3"])
        #expect(result.output.hasPrefix("Cube: 240 distinct solutions (11520 raw); --limit 3 lists the first 3\n"))
        #expect(result.output.components(separatedBy: "\n#").count == 4)
    }
}
