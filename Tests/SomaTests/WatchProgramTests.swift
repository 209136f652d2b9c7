@testable import Game
import Polycube
@testable import Scene
import Testing
@testable import Terminal
@testable import App

/// The game's side of watching, through the screen program: `W` tells the host, the host's
/// notes reach the bottom line, and a new watcher gets a whole repaint.
@Suite("Screen program: letting others watch")
struct WatchProgramTests {
    func program(name: String?, host: WatchPermission.Host = .served) throws -> SomaProgram {
        let fame = FameBoard(tables: { _, _ in .failure(.init("none")) }, ownName: { name },
                             chooseName: { .accepted($0) }, isGuest: host == .guest)
        var p = SomaProgram(screen: SomaSession(figure: try Catalog.figure(named: "cube")), progress: Progress(),
                            style: .blocks256, now: 100, fame: fame, watchHost: host)
        _ = p.update(.input(.resize(ScreenSize(width: 80, height: 24))), now: 100)
        _ = p.update(.start, now: 100)
        return p
    }

    func bottomLine(_ p: SomaProgram) -> String {
        String(p.view(size: ScreenSize(width: 80, height: 24)).text.split(separator: "\n", omittingEmptySubsequences: false)[23])
    }

    func tells(_ effects: [ProgramEffect<ScreenAnswer?>]) -> [String] {
        effects.compactMap { if case .tellHost(let text) = $0 { text } else { nil } }
    }

    @Test func wTellsTheHostAndTheBottomLineSaysWhoWatches() throws {
        var p = try program(name: "Ann")
        #expect(!bottomLine(p).contains("watch"))
        #expect(tells(p.settle(.input(.key(KeyPress(.character("W")))), now: 101)) == ["watch on Ann"])
        #expect(bottomLine(p).hasSuffix(" others may watch (Ann); W stops"))
        let effects = p.update(.input(.hostNote("watchers 1")), now: 102)
        #expect(effects.count == 1 && { if case .repaint = effects[0] { true } else { false } }())
        #expect(bottomLine(p).hasSuffix(" 1 person is watching you"))
        #expect(p.update(.input(.hostNote("watchers 0")), now: 103).isEmpty)
        #expect(tells(p.settle(.input(.key(KeyPress(.character("W")))), now: 104)) == ["watch off"])
        #expect(!bottomLine(p).contains("watch"))
    }

    @Test func withoutANameTheKeySaysHowToGetOneUntilTheNextKey() throws {
        var p = try program(name: nil)
        #expect(tells(p.settle(.input(.key(KeyPress(.character("W")))), now: 101)) == [])
        #expect(bottomLine(p).hasSuffix(" choose a display name first (n): others watch you by it"))
        _ = p.update(.input(.key(KeyPress(.character("l")))), now: 102)
        #expect(!bottomLine(p).contains("display name"))
    }
}
