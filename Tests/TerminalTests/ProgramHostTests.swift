@testable import Scene
import Testing
@testable import Terminal

/// A program that records what it was told.
struct Recorder: TerminalProgram {
    var events: [String] = []
    var minimumSize: ScreenSize { ScreenSize(width: 20, height: 5) }

    mutating func update(_ event: ProgramEvent<Int>, now: Double) -> [ProgramEffect<Int>] {
        switch event {
        case .input(.key(let press)):
            events.append("key \(press.key)")
            if press.key == .character("q") { return [.quit] }
            if press.key == .character("s") { return [.save, .bell] }
        case .input(let input): events.append("input \(input)")
        case .tick: events.append("tick \(now)")
        case .message(let m): events.append("message \(m)")
        case .suspending: events.append("suspending")
        case .start: events.append("start")
        case .saved(let problem): events.append("saved \(problem ?? "fine")")
        }
        return []
    }

    func view(size: ScreenSize) -> Canvas {
        var canvas = Canvas(width: size.width, height: size.height)
        canvas.put("program", column: 0, row: 0)
        return canvas
    }

    func quits(on key: KeyPress) -> Bool { key == KeyPress(.character("q")) }
}

@Suite("Program host")
struct ProgramHostTests {
    let big = ScreenSize(width: 30, height: 10)
    let small = ScreenSize(width: 10, height: 3)

    func kinds(_ actions: [ProgramEffect<Int>]) -> [String] {
        actions.map {
            switch $0 {
            case .quit: "quit"
            case .save: "save"
            case .suspend: "suspend"
            case .perform: "perform"
            case .bell: "bell"
            case .tellHost(let text): "tell host \(text)"
            case .repaint: "repaint"
            case .unchanged: "unchanged"
            }
        }
    }

    @Test("effects become actions; time reaches the program")
    func effects() {
        var host = ProgramHost(Recorder(), size: big)
        #expect(kinds(host.handle(.input(.key(KeyPress(.character("s")))), now: 1)) == ["save", "bell"])
        #expect(kinds(host.handle(.input(.key(KeyPress(.character("q")))), now: 2)) == ["quit"])
        _ = host.handle(.tick, now: 2.5)
        _ = host.handle(.message(7), now: 3)
        #expect(host.program.events == ["key character(\"s\")", "key character(\"q\")", "tick 2.5", "message 7"])
    }

    @Test("Ctrl-C quits and Ctrl-Z suspends whatever the program does")
    func controlKeys() {
        var host = ProgramHost(Recorder(), size: big)
        #expect(kinds(host.handle(.input(.key(KeyPress(.character("c"), .control))), now: 0)) == ["quit"])
        #expect(kinds(host.handle(.input(.key(KeyPress(.character("z"), .control))), now: 0)) == ["suspend"])
        #expect(host.program.events == ["suspending"])
    }

    @Test("the terminal's background reaches the program when the session asked for it, also while too small; never otherwise")
    func background() {
        let white = TerminalBackground(red: 1, green: 1, blue: 1)
        var asked = ProgramHost(Recorder(), size: small, takesBackground: true)
        #expect(kinds(asked.handle(.input(.background(white)), now: 0)) == [])
        #expect(asked.program.events == ["input background(Terminal.TerminalBackground(red: 1.0, green: 1.0, blue: 1.0))"])
        var unasked = ProgramHost(Recorder(), size: big, takesBackground: false)
        // Nothing for the program: nothing to draw again either.
        #expect(kinds(unasked.handle(.input(.background(white)), now: 0)) == ["unchanged"])
        #expect(unasked.program.events == [])
    }

    @Test("too small: the message is shown, input is withheld, a resize recovers")
    func tooSmall() {
        var host = ProgramHost(Recorder(), size: small)
        #expect(host.isTooSmall)
        #expect(host.frame().text.contains("enlarge"))
        _ = host.handle(.input(.key(KeyPress(.up))), now: 0)
        _ = host.handle(.input(.mouse(MouseEvent(.press, .left, column: 1, row: 1))), now: 0)
        #expect(host.program.events == [])
        _ = host.handle(.input(.resize(big)), now: 0)
        #expect(!host.isTooSmall)
        #expect(host.frame().text.hasPrefix("program"))
        #expect(host.program.events.count == 1)
    }

    @Test("too small: the program's quit key still quits, and is the only key that acts")
    func quitWhileTooSmall() {
        var host = ProgramHost(Recorder(), size: small)
        #expect(kinds(host.handle(.input(.key(KeyPress(.character("s")))), now: 0)) == [])
        #expect(kinds(host.handle(.input(.key(KeyPress(.character("q")))), now: 0)) == ["quit"])
        #expect(host.program.events == [])
    }

    @Test("the enlarge message is centred and names the minimum size")
    func enlargeMessage() {
        let canvas = TooSmallScreen.canvas(size: ScreenSize(width: 40, height: 7), minimum: ScreenSize(width: 80, height: 24))
        let lines = canvas.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[2] == "  enlarge the window to at least 80x24")
        #expect(lines[4] == "              Ctrl-C quits")
        #expect(canvas[2, 2].style.bold)
    }

    @Test("the message wraps on narrow screens")
    func wrap() {
        #expect(TooSmallScreen.wrap("enlarge the window to at least 80x24", width: 12)
            == ["enlarge the", "window to at", "least 80x24"])
    }

    @Test("waits: ESC follow-up, mouse tail, idle a second (a tenth with work under way) capped by the next tick")
    func waits() {
        #expect(AppLoop.waitMilliseconds(.followUp, deadline: nil, now: 0) == 60)
        #expect(AppLoop.waitMilliseconds(.tail, deadline: nil, now: 0) == 500)
        #expect(AppLoop.waitMilliseconds(.idle, deadline: nil, now: 0) == 1000)
        #expect(AppLoop.waitMilliseconds(.idle, deadline: nil, now: 0, longest: AppLoop.busyWait) == 100)
        #expect(AppLoop.waitMilliseconds(.idle, deadline: 10.02, now: 10) == 20)
        #expect(AppLoop.waitMilliseconds(.idle, deadline: 9, now: 10) == 0)
    }
}
