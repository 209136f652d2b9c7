import Server
import Testing
@testable import SomaServer

/// What `ssh HOST COMMAND` may run on a `soma serve` server: three commands on catalog names,
/// the solver on one thread; never a path, a shell or another option.
@Suite struct ServeExecTests {
    @Test func theThreeCommandsRun() {
        #expect(ServeExec.decide("figures") == .run(["figures"]))
        #expect(ServeExec.decide("show cube") == .run(["show", "cube"]))
        #expect(ServeExec.decide("  solve   cube  --count ") == .run(["solve", "cube", "--count", "--threads", "1"]))
        #expect(ServeExec.decide("solve --all cube --limit 5 --draw")
                == .run(["solve", "cube", "--all", "--limit", "5", "--draw", "--threads", "1"]))
    }

    @Test("refused", arguments: [
        "", "sh", "sh -c id", "bash", "figures --help", "show", "show /etc/passwd", "show ../cube", "show cube cube",
        "solve", "solve /tmp/x.figure", "solve cube --threads 8", "solve cube --checkpoint /tmp/c", "solve cube --limit",
        "solve cube --limit 0", "solve cube --limit 99999", "solve cube snake", "play cube", "serve", "merge a b",
        "solve cube; rm -rf /", "show cube && id", "solve $(id)",
    ])
    func refused(_ command: String) {
        guard case .refuse(let why) = ServeExec.decide(command) else {
            Issue.record("'\(command)' was let through")
            return
        }
        #expect(!why.isEmpty)
    }

    @Test func aLongCommandIsRefused() {
        #expect(ServeExec.decide("solve cube" + String(repeating: " --count", count: 200)) == .refuse(ServeExec.usage))
    }

    @Test func watchTakesADisplayName() {
        #expect(ServeExec.decide("watch Ann") == .watch("Ann"))
        #expect(ServeExec.decide("watch  Ann   Lee ") == .watch("Ann Lee"))
        #expect(ServeExec.decide("watch a-b_c.d") == .watch("a-b_c.d"))
        for command in ["watch", "watch ../x", "watch $(id)", "watch \u{1b}[2J", "watch Zoë", "watch " + String(repeating: "a", count: 21)] {
            guard case .refuse = ServeExec.decide(command) else {
                Issue.record("'\(command)' was let through")
                continue
            }
        }
    }
}
