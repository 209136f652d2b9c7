import Testing
@testable import Game

/// The camera keys are one table (`ViewKey`) read by both the Soma game and the designer.
@Suite struct ViewKeyTests {
    @Test("the Soma game and the designer move the camera with the same keys")
    func bothScreensShareTheCameraKeys() throws {
        let expected: [(GameKey, ViewKey)] = [
            (.shiftUp, .orbit(.up)), (.shiftDown, .orbit(.down)), (.shiftLeft, .orbit(.left)),
            (.shiftRight, .orbit(.right)), (.character("+"), .zoom(in: true)), (.character("="), .zoom(in: true)),
            (.character("-"), .zoom(in: false)), (.character("_"), .zoom(in: false)),
            (.character("0"), .reset), (.home, .reset),
        ]
        let table = KeyTable<ViewKey>(ViewKey.lines { $0 })
        for (key, view) in expected {
            #expect(table.action(for: key) == view, "\(key)")
            #expect(SomaKeyMap.action(for: key) == .view(view), "\(key)")
            #expect(DesignerKeyMap.action(for: key) == .view(view), "\(key)")
        }
        // Not camera keys: the arrows move the piece or the cursor, digits select pieces.
        for key: GameKey in [.up, .character("1"), .character("x")] { #expect(table.action(for: key) == nil, "\(key)") }
    }

    @Test("both help overlays list the camera keys")
    func helpListsThem() {
        for line in KeyTable<ViewKey>(ViewKey.lines { $0 }).help {
            #expect(SomaKeyMap.table.help.contains(line))
            #expect(DesignerKeyMap.table.help.contains(line))
        }
    }
}
