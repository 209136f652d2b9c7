import ArgumentParser
import Foundation
import Scene
import Terminal

/// `soma play [FIGURE]`: the game in the terminal (and what `soma` alone runs).
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play the Soma cube: build a figure from the seven pieces.",
        discussion: "Needs a full-screen terminal. Mouse: drag pieces, right-drag to orbit, wheel to zoom. "
            + "Keys: arrows, Space, +/-, [/], ? for help, q to quit, Ctrl-Z to suspend.")

    @Argument(help: "The figure to build (see `soma figures`).")
    var figure: String = "cube"

    /// Where progress is saved; tests point it at a temporary file.
    @Option(name: .customLong("state-file"), help: .hidden)
    var stateFile: String?

    func run() throws {
        let session: TerminalSession
        do {
            session = try TerminalSession()
        } catch {
            FileHandle.standardError.write(Data((error.message + "\n").utf8))
            throw ExitCode(2)
        }
        let stateFile = self.stateFile
        let program = PreviewProgram(figure: figure, stateFile: stateFile)
        let (_, outcome) = AppLoop.run(program, in: session) { program in
            guard let stateFile else { return }
            try? Data(program.savedState.utf8).write(to: URL(fileURLWithPath: stateFile))
        }
        if outcome.exitStatus != 0 { throw ExitCode(outcome.exitStatus) }
    }
}

/// TEMPORARY stand-in for the Soma game until the Game module lands (replaced at integration):
/// a block to move with the arrows or the mouse, and a line naming the last input, which is
/// what the end-to-end tests of the terminal layer look at.
private struct PreviewProgram: TerminalProgram {
    let figure: String
    let stateFile: String?
    var block = (column: 4, row: 2)
    var lastInput = "none"
    var dragging = false

    var minimumSize: ScreenSize { ScreenSize(width: 40, height: 12) }

    /// What the save hook writes.
    var savedState: String { "block \(block.column) \(block.row)\n" }

    mutating func update(_ event: ProgramEvent<Never>, now: Double) -> [ProgramEffect<Never>] {
        guard case .input(let input) = event else { return [] }
        lastInput = Self.describe(input)
        switch input {
        case .key(let press):
            switch press.key {
            case .character("q"): return [.quit]
            case .character("s"): return [.save]
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
        case .resize, .focus:
            break
        }
        return []
    }

    func view(size: ScreenSize) -> Canvas {
        var canvas = Canvas(width: size.width, height: size.height)
        canvas.put("soma play \(figure): preview (the game is not wired in yet); q quits", column: 0, row: 0,
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
        case .mouse(let m): return "mouse \(m.action) \(m.button) \(m.column),\(m.row)\(mods(m.modifiers))"
        case .resize(let size): return "resize \(size)"
        case .focus(let focused): return focused ? "focus in" : "focus out"
        }
    }
}
