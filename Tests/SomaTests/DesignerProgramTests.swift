import Gestures
@testable import Game
import Polycube
@testable import Scene
import Testing
@testable import Terminal
@testable import App

@Suite("Designer program")
struct DesignerProgramTests {
    static func program(_ design: Design = Design()) -> DesignerProgram {
        DesignerProgram(screen: DesignerSession(design: design, width: 100, height: 30), style: .blocks256, now: 0,
                        writeFile: { file in .written(path: "/figures/" + file.fileName, format: file.format) })
    }

    /// Runs every `.perform` effect now, as the loop would in the background, and returns the
    /// messages; the other effects are named.
    static func run(_ effects: [ProgramEffect<DesignerProgram.Message>]) -> (names: [String], messages: [DesignerProgram.Message]) {
        var names: [String] = [], messages: [DesignerProgram.Message] = []
        for effect in effects {
            switch effect {
            case .quit: names.append("quit")
            case .save: names.append("save")
            case .bell: names.append("bell")
            case .suspend: names.append("suspend")
            case .tellHost(let text): names.append("tell host \(text)")
            case .repaint: names.append("repaint")
            case .unchanged: names.append("unchanged")
            case .perform(let work):
                names.append("perform")
                messages.append(work())
            }
        }
        return (names, messages)
    }

    static func key(_ key: Key, _ modifiers: KeyModifiers = []) -> ProgramEvent<DesignerProgram.Message> {
        .input(.key(KeyPress(key, modifiers)))
    }

    static let size = ScreenSize(width: 100, height: 30)

    static func mouse(_ action: MouseAction, _ button: MouseButton?, at spot: (column: Int, row: Int)) -> ProgramEvent<DesignerProgram.Message> {
        .input(.mouse(MouseEvent(action, button, column: spot.column, row: spot.row)))
    }

    /// The first screen cell (row by row) showing face `face` of the design's cube number `piece`.
    static func spot(showing face: Face, of piece: Int, in p: DesignerProgram) throws -> (column: Int, row: Int) {
        let v = p.view(size: size)
        for row in 0..<v.height {
            for column in 0..<v.width {
                if case let .piece(shown, _, f) = v[column, row].id, shown == piece, f == face { return (column, row) }
            }
        }
        throw SpotNotShown(face: face, piece: piece)
    }

    struct SpotNotShown: Error { var face: Face, piece: Int }

    @Test("a press on a cube's top face adds the cube on it at once, before the release: the stroke recognizer begins at the press")
    func pressAddsThroughTheGestures() throws {
        var p = Self.program(Design(cells: [Cell(0, 0, 0), Cell(1, 0, 0)]))
        _ = p.update(.input(.resize(Self.size)), now: 0)
        // Cubes are numbered in sorted order: piece 1 is (1, 0, 0); the cursor hides (0, 0, 0)'s top.
        let top = try Self.spot(showing: .top, of: 1, in: p)
        #expect(Self.run(p.update(Self.mouse(.press, .left, at: top), now: 1)).names == ["save"])
        #expect(p.screen.design.cells == [Cell(0, 0, 0), Cell(1, 0, 0), Cell(1, 0, 1)])
        #expect(Self.run(p.update(Self.mouse(.release, .left, at: top), now: 1)).names == [])
        #expect(p.screen.design.cells == [Cell(0, 0, 0), Cell(1, 0, 0), Cell(1, 0, 1)])
    }

    @Test("a right press on a cube removes it")
    func rightPressRemoves() throws {
        var p = Self.program(Design(cells: [Cell(0, 0, 0), Cell(1, 0, 0)]))
        _ = p.update(.input(.resize(Self.size)), now: 0)
        // Cubes are numbered in sorted order: piece 1 is (1, 0, 0).
        let spot = try Self.spot(showing: .top, of: 1, in: p)
        _ = p.update(Self.mouse(.press, .right, at: spot), now: 1)
        #expect(p.screen.design.cells == [Cell(0, 0, 0)])
    }

    /// The wheel's notch is a synthetic pinch whose scale the designer now follows (issue 33:
    /// by its scale, not its sign), 1.1 a notch as in the Soma game; Alt+wheel (the twist) is one
    /// step of the + key.
    @Test("one wheel notch zooms in by the pinch's scale, less than the + key; Alt+wheel as the + key")
    func wheelZoomsLikeThePlusKey() {
        // Three programs: a program owns its gesture manager, so a copy would share it.
        var wheel = Self.program(Design(cells: [Cell(0, 0, 0)]))
        var twist = Self.program(Design(cells: [Cell(0, 0, 0)]))
        var plus = Self.program(Design(cells: [Cell(0, 0, 0)]))
        _ = wheel.update(.input(.resize(Self.size)), now: 0)
        _ = twist.update(.input(.resize(Self.size)), now: 0)
        _ = plus.update(.input(.resize(Self.size)), now: 0)
        _ = wheel.update(Self.mouse(.wheelUp, .none, at: (50, 15)), now: 1)
        _ = twist.update(.input(.mouse(MouseEvent(.wheelUp, .none, column: 50, row: 15, modifiers: .alt))), now: 1)
        _ = plus.update(Self.key(.character("+")), now: 1)
        let before = Self.program(Design(cells: [Cell(0, 0, 0)])).view(size: Self.size)
        #expect(plus.view(size: Self.size) != before)
        #expect(wheel.view(size: Self.size) != before)
        #expect(wheel.view(size: Self.size) != plus.view(size: Self.size))
        #expect(twist.view(size: Self.size) == plus.view(size: Self.size))
    }

    @Test("Delete removes the cube at the cursor, as Backspace and x do")
    func deleteRemoves() {
        #expect(KeyPress(.delete).gameKey == .delete)
        var p = Self.program(Design(cells: [Cell(0, 0, 0)]))
        _ = p.update(.input(.resize(Self.size)), now: 0)
        #expect(p.screen.cursor == Cell(0, 0, 0), "the cursor starts on the work's top cube")
        _ = p.update(Self.key(.delete), now: 0)
        #expect(p.screen.design.isEmpty)
    }

    @Test func aChangeAutosavesThroughTheLoopsSaveHook() {
        var p = Self.program()
        #expect(Self.run(p.update(Self.key(.character(" ")), now: 0)).names == ["save"])
        #expect(p.screen.design.cells.count == 1)
    }

    @Test func openingACompleteFigureCountsItAtTheStart() throws {
        let cube = Design(cells: (0..<27).map { Cell($0 % 3, ($0 / 3) % 3, $0 / 9) })
        var p = Self.program(cube)
        let effects = p.update(.start, now: 5)
        let (names, messages) = Self.run(effects)
        #expect(names == ["perform"])
        #expect(p.nextTick(after: 6.2) == nil, "no play clock runs in the designer: no tick (the count's answer wakes the loop)")
        let message = try #require(messages.first)
        _ = p.update(.message(message), now: 6)
        let v = p.view(size: ScreenSize(width: 100, height: 30))
        #expect(v.text.contains("240 solutions"))
    }

    @Test func aNewerChangeCancelsTheCountInFlight() throws {
        let cube = Design(cells: (0..<27).map { Cell($0 % 3, ($0 / 3) % 3, $0 / 9) })
        var p = Self.program(cube)
        let first = p.update(.start, now: 0)
        // Remove a cube and put it back: a newer count is asked for before the first one runs.
        // (The cursor starts above the figure; `[` brings it down onto the top layer.)
        _ = p.update(Self.key(.character("[")), now: 1)
        _ = p.update(Self.key(.character("x")), now: 1)
        #expect(p.screen.design.cells.count == 26)
        _ = p.update(Self.key(.character("u")), now: 1)
        guard case .perform(let stale)? = first.first, case .count(let result) = stale() else {
            Issue.record("no count started")
            return
        }
        #expect(result.outcome == .cancelled)
    }

    @Test func savingWritesThroughTheInjectedWriter() throws {
        var p = Self.program(Design(cells: [Cell(0, 0, 0)]))
        _ = p.update(Self.key(.character("s")), now: 0)
        for c in "box" { _ = p.update(Self.key(.character(c)), now: 0) }
        let (names, messages) = Self.run(p.update(Self.key(.enter), now: 0))
        #expect(names == ["perform"])
        _ = p.update(.message(try #require(messages.first)), now: 0)
        #expect(p.screen.path == "/figures/box.figure")
    }
}
