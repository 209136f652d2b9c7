import Testing
@testable import Terminal

@Suite("SGR mouse reports")
struct SGRMouseReportTests {
    func decode(_ body: String, _ final: Character = "M") -> MouseEvent? {
        SGRMouseReport.decode(body: Substring(body), final: final)
    }

    @Test("press, drag and release of the left button, 1-based on the wire")
    func leftButton() {
        #expect(decode("0;10;5") == MouseEvent(.press, .left, column: 9, row: 4))
        #expect(decode("32;12;5") == MouseEvent(.drag, .left, column: 11, row: 4))
        #expect(decode("0;14;6", "m") == MouseEvent(.release, .left, column: 13, row: 5))
    }

    @Test("right and middle buttons")
    func otherButtons() {
        #expect(decode("2;20;7") == MouseEvent(.press, .right, column: 19, row: 6))
        #expect(decode("34;21;7") == MouseEvent(.drag, .right, column: 20, row: 6))
        #expect(decode("1;1;1") == MouseEvent(.press, .middle, column: 0, row: 0))
    }

    @Test("wheel up and down, with modifiers")
    func wheel() {
        #expect(decode("64;10;5") == MouseEvent(.wheelUp, .none, column: 9, row: 4))
        #expect(decode("65;10;5") == MouseEvent(.wheelDown, .none, column: 9, row: 4))
        #expect(decode("72;10;5") == MouseEvent(.wheelUp, .none, column: 9, row: 4, modifiers: .alt))
        #expect(decode("64;10;5", "m") == nil)
    }

    @Test("modifier bits: 4 shift, 8 alt, 16 control")
    func modifiers() {
        #expect(decode("4;120;40") == MouseEvent(.press, .left, column: 119, row: 39, modifiers: .shift))
        #expect(decode("28;3;3")?.modifiers == [.shift, .alt, .control])
    }

    @Test("motion with no button is a move; coordinates beyond 223 work")
    func motionAndLargeCoordinates() {
        #expect(decode("35;300;100") == MouseEvent(.move, .none, column: 299, row: 99))
    }

    @Test("malformed reports decode to nothing", arguments: [
        "", "0;10", "0;10;5;1", "a;1;1", "0;0;5", "0;5;0", "0;;5", "-1;2;3", "3;4;5", "0;1234567;1",
    ])
    func malformed(body: String) {
        #expect(decode(body) == nil)
    }

    @Test("only M and m end a report")
    func finalByte() {
        #expect(decode("0;1;1", "x") == nil)
    }
}
