import Polycube
import Testing
@testable import Game

@Suite struct DesignTests {
    @Test func addingAndRemovingSayWhetherAnythingChanged() {
        var d = Design()
        let added = d.add(Cell(0, 0, 0)), addedAgain = d.add(Cell(0, 0, 0))
        let removed = d.remove(Cell(0, 0, 0)), removedAgain = d.remove(Cell(0, 0, 0))
        #expect(added && !addedAgain)
        #expect(removed && !removedAgain)
        #expect(d.isEmpty)
    }

    @Test func partsAreFaceConnected() {
        // Two cubes touching by an edge only are two parts; a face joins them.
        var d = Design(cells: [Cell(0, 0, 0), Cell(1, 1, 0), Cell(5, 5, 5)])
        #expect(d.partCount == 3)
        d.add(Cell(1, 0, 0))
        #expect(d.partCount == 2)
        #expect(d.parts.first == [Cell(0, 0, 0), Cell(1, 0, 0), Cell(1, 1, 0)])
        #expect(Design().partCount == 0)
    }

    @Test func theFigureIsMovedToTheOriginAndNamed() {
        let d = Design(name: "Far", cells: [Cell(-2, 4, 1), Cell(-1, 4, 1)])
        #expect(d.figure.cells == [Cell(0, 0, 0), Cell(1, 0, 0)])
        #expect(d.figure.name == "Far")
        #expect(Design(cells: [Cell(0, 0, 0)]).figure.name == "untitled")
    }

    @Test func theSomaSetNeeds27Cells() {
        #expect(Design().neededCells == 27)
        #expect(Design(pieceSet: .pentominoes).neededCells == 60)
    }
}

@Suite struct UndoHistoryTests {
    @Test func undoAndRedoWalkTheRecordedDesigns() {
        var h = UndoHistory<Design>(limit: 500)
        let a = Design(cells: [Cell(0, 0, 0)]), b = Design(cells: [Cell(0, 0, 0), Cell(1, 0, 0)])
        #expect(h.undo(from: a) == nil)
        h.record(a)
        #expect(h.undo(from: b) == a)
        #expect(h.redo(from: a) == b)
        #expect(h.redo(from: b) == nil)
    }

    @Test func aNewChangeForgetsTheRedos() {
        var h = UndoHistory<Design>(limit: 500)
        let a = Design(), b = Design(cells: [Cell(0, 0, 0)])
        h.record(a)
        _ = h.undo(from: b)
        h.record(a)
        #expect(!h.canRedo)
    }
}

@Suite struct NamePromptTests {
    @Test func typingAndEnterGiveTheName() {
        var p = NamePrompt(purpose: .native, text: "ab")
        #expect(p.handle(.backspace) == .editing)
        #expect(p.handle(.character("x")) == .editing)
        #expect(p.handle(.enter) == .done("ax"))
    }

    @Test func aPrefilledNameIsReplacedByTheFirstCharacterTyped() {
        var p = NamePrompt(purpose: .yass, text: "old")
        #expect(p.isSelected)
        #expect(p.handle(.character("n")) == .editing)
        #expect(p.handle(.character("e")) == .editing)
        #expect(p.handle(.enter) == .done("ne"))
        var kept = NamePrompt(purpose: .yass, text: "old")
        #expect(kept.handle(.enter) == .done("old"))
        var again = NamePrompt(purpose: .native, text: "old", selected: false)
        _ = again.handle(.character("2"))
        #expect(again.handle(.enter) == .done("old2"))
        #expect(!NamePrompt(purpose: .native, text: "").isSelected)
    }

    @Test func unsafeNamesAreRefusedWithAReason() {
        var p = NamePrompt(purpose: .native, text: "")
        guard case .refused = p.handle(.character("/")) else { Issue.record("a slash was taken"); return }
        guard case .refused = p.handle(.enter) else { Issue.record("an empty name was taken"); return }
        _ = p.handle(.character("."))
        guard case .refused = p.handle(.enter) else { Issue.record("a hidden file name was taken"); return }
        #expect(p.handle(.escape) == .cancelled)
    }
}
