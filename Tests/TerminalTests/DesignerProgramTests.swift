import Game
import Polycube
import Scene
import Testing
@testable import Terminal

@Suite("Designer program")
struct DesignerProgramTests {
    static func program(_ design: Design = Design()) -> DesignerProgram {
        DesignerProgram(session: DesignerSession(design: design, width: 100, height: 30)) { file in
            .written(path: "/figures/" + file.fileName, format: file.format)
        }
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

    @Test func terminalKeysBecomeDesignerKeys() {
        #expect(DesignerProgram.key(KeyPress(.up, .shift)) == .shiftUp)
        #expect(DesignerProgram.key(KeyPress(.character("r"), .control)) == .control("r"))
        #expect(DesignerProgram.key(KeyPress(.pageDown)) == .pageDown)
        #expect(DesignerProgram.key(KeyPress(.delete)) == .backspace)
        #expect(DesignerProgram.key(KeyPress(.function(5))) == nil)
    }

    @Test func mouseReportsBecomePointerReports() {
        #expect(DesignerProgram.pointer(MouseEvent(.press, .right, column: 3, row: 4)) == .press(.secondary, column: 3, row: 4))
        #expect(DesignerProgram.pointer(MouseEvent(.drag, .left, column: 5, row: 6)) == .drag(column: 5, row: 6))
        #expect(DesignerProgram.pointer(MouseEvent(.wheelDown, .none, column: 0, row: 0)) == .wheel(up: false))
        #expect(DesignerProgram.pointer(MouseEvent(.move, .none, column: 0, row: 0)) == nil)
    }

    @Test func aChangeAutosavesThroughTheLoopsSaveHook() {
        var p = Self.program()
        #expect(Self.run(p.update(Self.key(.character(" ")), now: 0)).names == ["save"])
        #expect(p.session.design.cells.count == 1)
    }

    @Test func openingACompleteFigureCountsItOnTheFirstTick() throws {
        let cube = Design(cells: (0..<27).map { Cell($0 % 3, ($0 / 3) % 3, $0 / 9) })
        var p = Self.program(cube)
        #expect(p.nextTick(after: 5) == 5, "a tick is asked for at once")
        let effects = p.update(.tick, now: 5)
        let (names, messages) = Self.run(effects)
        #expect(names == ["perform"])
        #expect(p.nextTick(after: 6) == nil)
        let message = try #require(messages.first)
        _ = p.update(.message(message), now: 6)
        let v = p.view(size: ScreenSize(width: 100, height: 30))
        #expect(v.text.contains("240 solutions"))
    }

    @Test func aNewerChangeCancelsTheCountInFlight() throws {
        let cube = Design(cells: (0..<27).map { Cell($0 % 3, ($0 / 3) % 3, $0 / 9) })
        var p = Self.program(cube)
        let first = p.update(.tick, now: 0)
        // Remove a cube and put it back: a newer count is asked for before the first one runs.
        // (The cursor starts above the figure; `[` brings it down onto the top layer.)
        _ = p.update(Self.key(.character("[")), now: 1)
        _ = p.update(Self.key(.character("x")), now: 1)
        #expect(p.session.design.cells.count == 26)
        _ = p.update(Self.key(.character("u")), now: 1)
        guard case .perform(let stale)? = first.first, case .counted(let result) = stale() else {
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
        #expect(p.session.path == "/figures/box.txt")
    }
}
