import Foundation
import Gestures
import Polycube
import Scene
import Testing
@testable import Game

/// A hand on a mouse, as a terminal reports it: one report per character cell it crosses (or
/// fewer: cells get skipped), 8-60 ms apart or several at once (a burst), never a position
/// between cells. Each report is (milliseconds after the press, columns and rows from the press).
struct HandStroke {
    var reports: [(t: Int64, columns: Int, rows: Int)] = []
    var release: Int64

    /// A drag `columns` to the right, one report every `interval` ms: the first report has
    /// already covered `firstJump` columns, every `skipEvery`-th later report skips a cell,
    /// `jitter` puts every other report one row lower (the last one back on the press row),
    /// and `burst` delivers the reports in threes with one timestamp. The release comes when the
    /// hand rests: `restAt` ms after the press at the earliest, and `letGoAfter` (default: one
    /// interval) after the last report.
    static func drag(columns: Int, interval: Int64, firstJump: Int = 1, jitter: Bool = false,
                     skipEvery: Int = 0, burst: Bool = false, restAt: Int64 = 300,
                     letGoAfter: Int64? = nil) -> HandStroke {
        var xs: [Int] = [min(firstJump, columns)]
        while xs.last! < columns {
            let skip = skipEvery > 0 && xs.count % skipEvery == 0
            xs.append(min(columns, xs.last! + (skip ? 2 : 1)))
        }
        var stroke = HandStroke(release: 0)
        for (k, x) in xs.enumerated() {
            let row = jitter && k % 2 == 1 && k != xs.count - 1 ? 1 : 0
            let t = burst ? Int64(k / 3 + 1) * interval * 3 : Int64(k + 1) * interval
            stroke.reports.append((t, x, row))
        }
        stroke.release = max(stroke.reports.last!.t + (letGoAfter ?? interval), restAt)
        return stroke
    }
}

/// Mouse gestures as a terminal delivers them, through the real graph, director and session
/// (issue 15): drags of every speed carry and drop, flicks turn, slow orbits never reset.
@Suite("Soma mouse in a terminal")
struct SomaMouseTests {
    /// The piece the strokes act on: L, at the north-east of the start ring, so that a drag to
    /// the right (north-east in the start view) crosses no other piece.
    static let piece = 1
    static let press = (column: 40.0, row: 10.0)

    /// Plays `stroke` on piece `piece` and returns the recognizers' action log (name.state@ms),
    /// the session after it, and the piece's offset after each report.
    static func play(_ stroke: HandStroke, on piece: Int? = SomaMouseTests.piece, rows down: Bool = false,
                     session start: SomaSession = SomaSession(figure: Fixtures.cube))
        -> (log: [String], session: Played<SomaSession>, offsets: [Cell]) {
        let rig = DirectorRig()
        let director = SomaDirector(manager: rig.manager)
        var log: [String] = []
        for r in director.graph.all {
            _ = r.addAction { s in log.append("\(r.name).\(s.state)@\(s.timestamp.nanoseconds / 1_000_000)") }
        }
        var session = Played(start)
        var offsets: [Cell] = []
        let (c0, r0) = press
        let id = rig.down(c0, r0, node: piece, at: 0)
        var last = (c0, r0)
        for report in stroke.reports {
            last = down ? (c0 + Double(report.rows), r0 + Double(report.columns))
                        : (c0 + Double(report.columns), r0 + Double(report.rows))
            rig.move(id, last.0, last.1, at: report.t)
            session.flush(director, now: Double(report.t) / 1000)
            offsets.append(session.game.poses[piece ?? 0].offset)
        }
        rig.up(id, last.0, last.1, at: stroke.release)
        rig.tick(stroke.release + 1000)
        session.flush(director, now: Double(stroke.release) / 1000)
        return (log, session, offsets)
    }

    /// What the graph logs for a carry: objectPan begins at the first report, changes at every
    /// later one and ends at the release; nothing else acts.
    static func carryLog(_ stroke: HandStroke) -> [String] {
        ["objectPan.began@\(stroke.reports[0].t)"] + stroke.reports.dropFirst().map { "objectPan.changed@\($0.t)" }
            + ["objectPan.ended@\(stroke.release)"]
    }

    @Test("drags of 4-20 columns at 15-150 ms a report, first jumps of 1-3 columns, with and without a row of jitter, carry and drop")
    func dragsCarry() {
        let session = SomaSession(figure: Fixtures.cube)
        let start = session.game.poses[Self.piece]
        let zoom = session.viewpoint.camera.zoom
        var cases = 0
        for columns in [4, 6, 8, 12, 20] {
            for interval: Int64 in [15, 25, 40, 60, 150] {
                for firstJump in 1...3 {
                    for jitter in [false, true] {
                        let stroke = HandStroke.drag(columns: columns, interval: interval, firstJump: firstJump,
                                                     jitter: jitter, skipEvery: interval < 30 ? 3 : 0)
                        let (log, after, offsets) = Self.play(stroke)
                        let name = "\(columns) columns, \(interval) ms, jump \(firstJump), jitter \(jitter)"
                        #expect(log == Self.carryLog(stroke), Comment(rawValue: name))
                        // In the start view (yaw 45 degrees) screen right is the lattice's
                        // (1, 1, 0) diagonal, and a column is 1/zoom of a lattice unit on it.
                        let k = Int((Double(columns) / zoom / 2.0.squareRoot()).rounded())
                        #expect(after.game.poses[Self.piece] == Placement(piece: start.piece, orientation: start.orientation,
                                                                         offset: start.offset + Cell(k, k, 0)),
                                Comment(rawValue: name))
                        #expect(after.game.moves == 1, Comment(rawValue: name))
                        #expect(offsets.allSatisfy { $0.z == 0 }, Comment(rawValue: name))
                        var undone = after
                        undone.apply(.undo, now: 9)
                        #expect(undone.game.poses == session.game.startPoses, Comment(rawValue: name))
                        cases += 1
                    }
                }
            }
        }
        #expect(cases == 150)
    }

    @Test("the piece follows the pointer from the first motion report")
    func followsAtOnce() {
        let session = SomaSession(figure: Fixtures.cube)
        let start = session.game.poses[Self.piece].offset
        // A first report 6 columns over, 15 ms after the press: the piece has moved before any
        // flick could be decided (zoom about 3.4 columns a unit: 6 columns is 1.2 cells on the
        // diagonal, so one cell along x and y).
        let stroke = HandStroke.drag(columns: 12, interval: 15, firstJump: 6)
        let (_, _, offsets) = Self.play(stroke)
        #expect(offsets[0] == start + Cell(1, 1, 0))
        #expect(offsets.last == start + Cell(2, 2, 0))
    }

    @Test("a burst of reports with one timestamp and a drag held past 200 ms carry, however fast the burst")
    func burstsCarry() {
        let session = SomaSession(figure: Fixtures.cube)
        for columns in [6, 9, 12] {
            let stroke = HandStroke.drag(columns: columns, interval: 10, firstJump: 3, burst: true, restAt: 300)
            let (log, after, _) = Self.play(stroke)
            #expect(!log.contains { $0.hasPrefix("swipe") })
            #expect(log.last == "objectPan.ended@300")
            #expect(after.game.poses[Self.piece].orientation == session.game.poses[Self.piece].orientation)
            #expect(after.game.poses[Self.piece].offset != session.game.poses[Self.piece].offset)
        }
    }

    @Test("flicks of 3-6 cells released within 150 ms of the press turn the piece, as one move")
    func flicksTurn() {
        let session = SomaSession(figure: Fixtures.cube)
        var turned = session
        turned.apply(SomaPointer.swipe(piece: Self.piece, .right), now: 0)
        var turnedDown = session
        turnedDown.apply(SomaPointer.swipe(piece: Self.piece, .down), now: 0)
        for cells in 3...6 {
            for interval: Int64 in [8, 15, 25] {
                for firstJump in 1...2 {
                    let stroke = HandStroke.drag(columns: cells, interval: interval, firstJump: firstJump,
                                                 restAt: 0, letGoAfter: 0)
                    #expect(stroke.release <= 150)
                    let name = "\(cells) cells at \(interval) ms, jump \(firstJump)"
                    let (log, after, _) = Self.play(stroke)
                    #expect(log == Self.carryLog(stroke).dropLast()
                                + ["swipeR.ended@\(stroke.release)", "objectPan.ended@\(stroke.release)"],
                            Comment(rawValue: name))
                    #expect(after.game.poses == turned.game.poses, Comment(rawValue: name))
                    #expect(after.game.moves == 1, Comment(rawValue: name))
                    var undone = after
                    undone.apply(.undo, now: 9)
                    #expect(undone.game.poses == session.game.startPoses, Comment(rawValue: name))
                    #expect(!undone.midend.canUndo, Comment(rawValue: name))
                }
            }
            // Rows: a cell down is a row, two iso units; a flick of `cells` rows down.
            let down = HandStroke.drag(columns: cells, interval: 20, restAt: 140)
            let (log, after, _) = Self.play(down, rows: true)
            #expect(log.suffix(2) == ["swipeD.ended@140", "objectPan.ended@140"])
            #expect(after.game.poses == turnedDown.game.poses)
            #expect(after.game.moves == 1)
        }
    }

    @Test("a stroke held 200 ms or less but shorter than 3 columns carries; released at 201 ms it carries")
    func flickBoundaries() {
        let short = HandStroke.drag(columns: 2, interval: 20, restAt: 100)
        #expect(!Self.play(short).log.contains { $0.hasPrefix("swipe") })
        let atLimit = HandStroke.drag(columns: 4, interval: 20, restAt: 200)
        #expect(Self.play(atLimit).log.contains("swipeR.ended@200"))
        let late = HandStroke.drag(columns: 4, interval: 20, restAt: 201)
        let (log, after, _) = Self.play(late)
        #expect(!log.contains { $0.hasPrefix("swipe") })
        #expect(after.game.poses[Self.piece].orientation == after.game.startPoses[Self.piece].orientation)
    }
}

/// The shake on empty space (issue 15): four quick reversals reset the pieces; a slow look
/// around, which is also a drag on empty space, never does.
@Suite("Soma shake in a terminal")
struct SomaShakeTests {
    /// A stroke on empty space going `legs` times `amplitude` columns right and left, one report
    /// per column every `interval` ms, released `interval` after the last report.
    static func zigzag(legs: Int, amplitude: Int, interval: Int64) -> HandStroke {
        var stroke = HandStroke(release: 0)
        var x = 0, t: Int64 = 0
        for leg in 0..<legs {
            for _ in 0..<amplitude {
                x += leg % 2 == 0 ? 1 : -1
                t += interval
                stroke.reports.append((t, x, 0))
            }
        }
        stroke.release = t + interval
        return stroke
    }

    /// A session with one piece moved off its start, so a reset shows.
    static var moved: SomaSession {
        var s = SomaSession(figure: Fixtures.cube)
        s.apply(.select(.number(3)), now: 0)
        s.apply(.move(Cell(0, 0, 1)), now: 0)
        s.apply(.select(.none), now: 0)
        return s
    }

    @Test("slow back-and-forth orbits of 4 and 6 legs of 10 columns at 30-150 ms a column never reset")
    func slowOrbitsNeverReset() {
        for legs in [4, 6] {
            for interval: Int64 in [30, 50, 100, 150] {
                let stroke = Self.zigzag(legs: legs, amplitude: 10, interval: interval)
                let (log, after, _) = SomaMouseTests.play(stroke, on: nil, session: Self.moved)
                let name = "\(legs) legs at \(interval) ms"
                #expect(!log.contains { $0.hasPrefix("reset") }, Comment(rawValue: name))
                #expect(log.first == "cameraPan.began@\(interval)" && log.last == "cameraPan.ended@\(stroke.release)",
                        Comment(rawValue: name))
                #expect(after.game.poses == Self.moved.game.poses, Comment(rawValue: name))
            }
        }
    }

    @Test("four quick reversals of 3-5 columns reset the pieces and say how to undo it; three do not")
    func shakeResets() {
        for amplitude in 3...5 {
            for interval: Int64 in [15, 30, 45] {
                let stroke = Self.zigzag(legs: 5, amplitude: amplitude, interval: interval)
                let (log, after, _) = SomaMouseTests.play(stroke, on: nil, session: Self.moved)
                let name = "amplitude \(amplitude) at \(interval) ms"
                #expect(log.suffix(2) == ["cameraPan.ended@\(stroke.release)", "reset.ended@\(stroke.release)"],
                        Comment(rawValue: name))
                #expect(after.game.poses == after.game.startPoses, Comment(rawValue: name))
                #expect(after.game.feedback?.message == "Shaken: all pieces back to the start (u undoes it)",
                        Comment(rawValue: name))
                var undone = after
                undone.apply(.undo, now: 9)
                #expect(undone.game.poses == Self.moved.game.poses, Comment(rawValue: name))
            }
        }
        let three = Self.zigzag(legs: 4, amplitude: 4, interval: 15)
        #expect(!SomaMouseTests.play(three, on: nil, session: Self.moved).log.contains { $0.hasPrefix("reset") })
    }

    @Test("a shake with one slow leg, or of one-column jitter, does not reset")
    func notAShake() {
        // Legs of 4 columns: quick, quick, slow (4 x 80 ms = 320 ms), quick, quick.
        var stroke = Self.zigzag(legs: 5, amplitude: 4, interval: 20)
        for i in stroke.reports.indices where i >= 8 { stroke.reports[i].t += i < 12 ? Int64(i - 7) * 60 : 240 }
        stroke.release = stroke.reports.last!.t + 20
        #expect(!SomaMouseTests.play(stroke, on: nil, session: Self.moved).log.contains { $0.hasPrefix("reset") })
        let jitter = Self.zigzag(legs: 8, amplitude: 1, interval: 15)
        #expect(!SomaMouseTests.play(jitter, on: nil, session: Self.moved).log.contains { $0.hasPrefix("reset") })
    }
}

@Suite("Soma wheel zoom")
struct SomaWheelTests {
    /// Two wheel notches up (zoom in 1.21) as the synthesizer sends them: a pair of synthetic
    /// touches centred on the pointer's cell (column, row), spreading 1.1 a notch.
    static func wheel(_ rig: DirectorRig, column: Int, row: Int) {
        let c = rig.manager.metrics.iso(col: column, row: row)
        let (a, b) = (TouchID(901), TouchID(902))
        func at(_ r: Double) -> (GPoint, GPoint) { (GPoint(x: c.x - r, y: c.y), GPoint(x: c.x + r, y: c.y)) }
        rig.manager.handle([.began(a, at: at(4).0, source: .synthetic), .began(b, at: at(4).1, source: .synthetic)], at: .ms(0))
        rig.manager.handle([.moved(a, to: at(4.4).0), .moved(b, to: at(4.4).1)], at: .ms(50))
        rig.manager.handle([.moved(a, to: at(4.84).0), .moved(b, to: at(4.84).1)], at: .ms(100))
        rig.manager.handle([.ended(a), .ended(b)], at: .ms(300))
    }

    @Test("the wheel zooms toward the pointer: the point under it stays under it")
    func zoomTowardPointer() {
        for (column, row) in [(10, 5), (50, 20), (29, 12), (0, 1)] {
            let rig = DirectorRig()
            let director = SomaDirector(manager: rig.manager)
            var session = SomaSession(figure: Fixtures.cube)
            let before = session.viewpoint.camera
            // At 80 x 24 the picture is columns 0-57, rows 1-22; its centre (the pivot) is at
            // (29, 12) from the screen's corner, and a cell's centre is half a cell in.
            let s = (columns: Double(column) + 0.5 - 29, rows: Double(row) + 0.5 - 12)
            let under = before.pivot + before.right * (s.columns / before.zoom) - before.up * (s.rows * before.aspect / before.zoom)
            Self.wheel(rig, column: column, row: row)
            director.flush(into: &session, now: 1)
            let after = session.viewpoint.camera
            #expect(abs(after.zoom - before.zoom * 1.21) < 1e-9)
            let seen = after.project(under)
            #expect(abs(seen.column - s.columns) < 1e-9 && abs(seen.row - s.rows) < 1e-9, "cell (\(column), \(row))")
            let moved = (after.pivot - before.pivot)
            let still = abs(s.columns) < 1 && abs(s.rows) < 1
            #expect(still == ((moved * moved).sum() < 0.01), "cell (\(column), \(row))")
        }
    }
}
