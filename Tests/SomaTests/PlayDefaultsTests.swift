import ArgumentParser
import Testing
@testable import App
@testable import soma

/// `soma` and `soma play` alone skip the argument parser (`PlayCommand.runDefaults`, issue 35:
/// a login's start-up): the values they run with must be the ones the parser reads from no
/// words.
@Suite("soma play alone: the parser's defaults without the parser")
struct PlayDefaultsTests {
    /// Every value the game reads from the command, in words.
    static func summary(_ command: PlayCommand) -> String {
        let p = command.progressOptions, a = command.appearance
        return "figure:\(command.figure ?? "-") assist:\(command.assist?.rawValue ?? "-") inputTest:\(command.inputTest) "
            + "stateDir:\(p.stateDirectory ?? "-") stateFile:\(p.stateFile ?? "-") "
            + "plain:\(a.plain) palette:\(a.palette?.rawValue ?? "-") theme:\(a.theme?.rawValue ?? "-") cells:\(a.cells?.rawValue ?? "-")"
    }

    @Test("soma and soma play take the defaults", arguments: [[], ["play"]])
    func quickDefaults(words: [String]) throws {
        guard case .defaults? = Soma.quickPlay(words) else {
            Issue.record("\(words) is not run with the defaults")
            return
        }
    }

    /// What `runDefaults` passes: no figure, no assist, no appearance option (the settings
    /// file's and the environment's), and `ProgressLocation()`. The parser reads the same from
    /// no words: nothing set, so its appearance options change no setting.
    @Test("the parser reads from no words what runDefaults passes")
    func sameAsParser() throws {
        let parsed = try PlayCommand.parse([])
        #expect(Self.summary(parsed) == "figure:- assist:- inputTest:false stateDir:- stateFile:- plain:false palette:- theme:- cells:-")
        #expect(ProgressLocation(stateDirectory: parsed.progressOptions.stateDirectory, stateFile: parsed.progressOptions.stateFile)
                == ProgressLocation())
    }

    /// The place as parsed: `--state-dir` names the folder of `soma.db`, `--state-file` the file.
    @Test("the parsed place names the database", arguments: [(["--state-dir", "/x/y"], "/x/y/soma.db"),
                                                             (["--state-file", "/x/z.db"], "/x/z.db"),
                                                             (["--state-dir", "/x/y", "--state-file", "/x/z.db"], "/x/z.db")])
    func parsedPlace(words: [String], database: String) throws {
        let parsed = try ProgressOptions.parse(words)
        #expect(parsed.databasePath == database)
        #expect(ProgressLocation(stateDirectory: parsed.stateDirectory, stateFile: parsed.stateFile).databasePath == database)
    }

    @Test("words after play still go through the parser", arguments: [["play", "cube"], ["play", "--assist", "off"]])
    func wordsParsed(words: [String]) throws {
        guard case .parsed(let quick)? = Soma.quickPlay(words) else {
            Issue.record("\(words) is not parsed")
            return
        }
        #expect(Self.summary(quick) == Self.summary(try PlayCommand.parse(Array(words.dropFirst()))))
        #expect(Self.summary(quick) != Self.summary(try PlayCommand.parse([])))
    }

    @Test("help and mistakes are left to the whole tree", arguments: [["play", "--help"], ["play", "--nonsense"], ["solve", "cube"]])
    func leftToTree(words: [String]) {
        #expect(Soma.quickPlay(words) == nil)
    }
}
