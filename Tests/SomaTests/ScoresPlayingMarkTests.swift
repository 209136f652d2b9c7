import Records
import Testing
@testable import soma

/// `soma scores`'s text and JSON mark a player in a game now (`Standing.isPlayingNow`, from
/// SQLite's or PostgreSQL's `playing` table) with `*`, explained under the tables; never the
/// reader's own row; no mark, no legend.
@Suite struct ScoresPlayingMarkTests {
    static let bob = HallOfFame.Standing(rank: 1, name: "Bob", score: 80, isPlayingNow: true)
    static let ann = HallOfFame.Standing(rank: 2, name: "Ann", score: 95.5)

    @Test("every figure's leaders: the name of a leader in a game now marked, the legend under the table")
    func leadersMarked() {
        let cube = HallOfFame(figure: "Cube", assist: .off, byTime: [Self.bob],
                              byMoves: [HallOfFame.Standing(rank: 1, name: "Ann", score: 12)], players: 2)
        #expect(ScoresCommand.table([cube]) == """
            figure  assist  best time  by     fewest moves  by   players
            cube    off        1:20.0  Bob *            12  Ann        2

            * playing now

            """)
        var quiet = cube
        quiet.byTime[0].isPlayingNow = false
        #expect(ScoresCommand.table([quiet]) == """
            figure  assist  best time  by   fewest moves  by   players
            cube    off        1:20.0  Bob            12  Ann        2

            """)
        #expect(ScoresCommand.json([cube]).contains(#""bestTime":{"player":"Bob","seconds":80.0,"playing":true}"#))
        #expect(ScoresCommand.json([quiet]).contains(#""bestTime":{"player":"Bob","seconds":80.0}"#))
    }

    @Test("one figure's tables: the playing player's line marked in the first column, the reader's own never")
    func tablesMarked() {
        var own = Self.ann
        own.isOwn = true
        own.isPlayingNow = true
        let fame = HallOfFame(figure: "Cube", assist: .off, byTime: [Self.bob, own], byMoves: [], players: 2)
        let text = ScoresCommand.tables([fame], figure: "Cube")
        #expect(text.contains("Best times\n* 1. Bob  1:20.0\n  2. Ann  1:35.5\n"), "\(text)")
        #expect(text.hasSuffix("\n* playing now\n"), "\(text)")
        let alone = HallOfFame(figure: "Cube", assist: .off, byTime: [own], byMoves: [], players: 1)
        #expect(!ScoresCommand.tables([alone], figure: "Cube").contains("*"), "the reader's own row is not marked")
    }
}
