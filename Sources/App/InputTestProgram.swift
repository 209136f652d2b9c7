import Scene
import Terminal

/// `soma play --input-test`: a block to move with the arrows or the mouse, and a line naming
/// the last decoded input. A diagnostic for terminals that misbehave, and what the end-to-end
/// tests of the terminal layer observe.
public struct InputTestProgram: TerminalProgram {
    var block = (column: 4, row: 2)
    var lastInput = "none"
    var dragging = false

    /// The keys it answers, named once: the top line says them from here.
    static let quitKey: Character = "q", saveKey: Character = "s"

    public init() {}

    public var minimumSize: ScreenSize { ScreenSize(width: 40, height: 12) }

    /// What the save hook writes.
    public var savedState: String { "block \(block.column) \(block.row)\n" }

    public mutating func update(_ event: ProgramEvent<Never>, now: Double) -> [ProgramEffect<Never>] {
        guard case .input(let input) = event else { return [] }
        lastInput = Self.describe(input)
        switch input {
        case .key(let press):
            switch press.key {
            case .character(Self.quitKey): return [.quit]
            case .character(Self.saveKey): return [.save]
            case .left: block.column -= 1
            case .right: block.column += 1
            case .up: block.row -= 1
            case .down: block.row += 1
            default: break
            }
        case .mouse(let mouse):
            let inside = (mouse.column - 1, mouse.row - 2)
            switch mouse.action {
            case .press: dragging = inside.0 / 2 == block.column && inside.1 == block.row
            case .drag where dragging: block = (inside.0 / 2, inside.1)
            case .release: dragging = false
            default: break
            }
        case .resize, .focus, .hostNote, .background:
            break
        }
        return []
    }

    public func view(size: ScreenSize) -> Canvas {
        var canvas = Canvas(width: size.width, height: size.height)
        canvas.put("soma play --input-test: the last input is shown below; \(Self.quitKey) quits", column: 0, row: 0,
                   style: TextStyle(bold: true))
        let boxWidth = (size.width - 2) / 2
        let boxHeight = size.height - 4
        for row in 1...boxHeight {
            canvas.put("|", column: 0, row: row + 1)
            canvas.put("|", column: size.width - 1, row: row + 1)
        }
        canvas.put(String(repeating: "-", count: size.width), column: 0, row: 1)
        canvas.put(String(repeating: "-", count: size.width), column: 0, row: size.height - 2)
        let column = min(max(block.column, 0), boxWidth - 1), row = min(max(block.row, 0), boxHeight - 1)
        canvas.put("[]", column: 1 + column * 2, row: 2 + row,
                   style: TextStyle(foreground: .index(16), background: .index(208), bold: true))
        canvas.put("last input: \(lastInput)", column: 0, row: size.height - 1)
        return canvas
    }

    static func describe(_ input: InputEvent) -> String {
        func mods(_ m: KeyModifiers) -> String {
            (m.contains(.shift) ? "+shift" : "") + (m.contains(.alt) ? "+alt" : "") + (m.contains(.control) ? "+ctrl" : "")
        }
        switch input {
        case .key(let press): return "key \(press.key)\(mods(press.modifiers))"
        case .mouse(let m): return "mouse \(m.action) \(m.button.map { "\($0)" } ?? "none") \(m.column),\(m.row)\(mods(m.modifiers))"
        case .resize(let size): return "resize \(size)"
        case .focus(let focused): return focused ? "focus in" : "focus out"
        case .hostNote(let text): return "host note \(text)"
        case .background(let colour): return "background \(colour.theme)"
        }
    }
}
