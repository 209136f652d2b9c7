import Polycube
import Testing
@testable import Game

/// Hints you can follow (issue 24, item 5): a hinted placement under a roof of other pieces
/// says how to get there when pieces are steered step by step.
@Suite("Soma hint reach")
struct HintReachTests {
    /// The cube with every piece of the solution in place but `k`, which stays where the start
    /// layout puts it: its placement is the one hole left.
    static func allBut(_ k: Int) -> SomaGame {
        let start = SomaGame(figure: Fixtures.cube)
        let poses = start.poses.indices.map { $0 == k ? start.poses[$0] : Fixtures.cubeSolution[$0] }
        return SomaGame(figure: Fixtures.cube, poses: poses)!
    }

    @Test("the roof is exactly the pieces over the placement; a way in found is a free step; open from above says nothing")
    func roofAndWayIn() throws {
        var roofed = 0, open = 0
        for k in 0..<7 {
            let game = Self.allBut(k)
            let placement = Fixtures.cubeSolution[k]
            let shape = game.pieces[k].shape
            let target = placement.cells(of: shape)
            let reach = HintReach(placement, shape: shape, game: game)
            let over = Set(game.pieces.indices.filter { j in
                j != k && game.cells(ofPiece: j).contains { c in target.contains { $0.x == c.x && $0.y == c.y && $0.z < c.z } }
            }.map { game.pieces[$0].letter })
            #expect(Set(reach.roof) == over, "piece \(game.pieces[k].letter)")
            if over.isEmpty {
                open += 1
                #expect(reach.entry == nil && reach.words() == nil)
            } else {
                roofed += 1
                let words = try #require(reach.words())
                #expect(words.hasPrefix("under " + reach.roof.map(String.init).joined(separator: ", ") + ": "))
                if let entry = reach.entry {
                    // One step back out of the placement the cells are free.
                    let others = Set(game.pieces.indices.filter { $0 != k }.flatMap { game.cells(ofPiece: $0) })
                    #expect(target.allSatisfy { !others.contains($0 - entry) && ($0 - entry).z >= 0 })
                    #expect(words.contains(": slide it in from the "), "\(words)")
                } else {
                    #expect(words.hasSuffix("out first"), "\(words)")
                }
            }
        }
        #expect(roofed > 0 && open > 0, "both kinds occur in the cube: \(roofed) roofed, \(open) open")
    }

    @Test("a hint under a roof says so with the assist off; with the assist on, Space puts the piece there anyway")
    func hintWords() throws {
        let k = try #require((0..<7).first { k in
            !HintReach(Fixtures.cubeSolution[k], shape: Self.allBut(k).pieces[k].shape, game: Self.allBut(k)).roof.isEmpty
        })
        var game = Self.allBut(k)
        game.assist = .off
        let letter = game.pieces[k].letter
        game.apply(.hintArrived(HintResult(fixed: game.placedPoses, completions: 1, reachedLimit: false,
                                           suggestion: Fixtures.cubeSolution[k])), now: 0)
        let message = try #require(game.hintMessage)
        #expect(message.hasPrefix("Hint: try \(letter) where its ghost is, under "), "\(message)")
        #expect(message.contains(": slide it in from the ") || message.contains(" out first"), "\(message)")
        #expect(message.hasSuffix("(exactly 1 way to finish; Esc hides it)"), "\(message)")
        game.assist = .solvable
        #expect(game.hintMessage == "Hint: try \(letter) where its ghost is (exactly 1 way to finish; Esc hides it)")
    }
}
