import ArgumentParser
import Testing
@testable import App
@testable import soma

/// `soma` and `soma play` alone skip the argument parser (`PlayCommand.defaults`, issue 35: a
/// login's start-up): the command they run must be the one the parser reads from no words,
/// and every property must be set, or reading it stops the game.
@Suite("soma play alone: the parser's defaults without the parser")
struct PlayDefaultsTests {
    /// Every value the game reads from the command, in words.
    static func summary(_ command: PlayCommand) -> String {
        let p = command.progressOptions, a = command.appearance
        return "figure:\(command.figure ?? "-") assist:\(command.assist?.rawValue ?? "-") inputTest:\(command.inputTest) "
            + "stateDir:\(p.stateDirectory ?? "-") stateFile:\(p.stateFile ?? "-") "
            + "plain:\(a.plain) palette:\(a.palette?.rawValue ?? "-") theme:\(a.theme?.rawValue ?? "-") cells:\(a.cells?.rawValue ?? "-")"
    }

    /// The property wrappers of `value` (and of its option groups, depth first) that hold no
    /// value, by name: those a read would stop the program on.
    static func unset(_ value: Any, path: String = "") -> [String] {
        Mirror(reflecting: value).children.flatMap { child -> [String] in
            let name = path + (child.label ?? "?")
            // Each wrapper keeps `_parsedValue`: `.value(...)` once set, `.definition(...)` before.
            guard let parsed = Mirror(reflecting: child.value).children.first(where: { $0.label == "_parsedValue" }) else {
                return []
            }
            guard let state = Mirror(reflecting: parsed.value).children.first else { return [name] }
            guard state.label == "value" else { return [name] }
            return unset(state.value, path: name + ".")
        }
    }

    @Test("soma and soma play take the defaults, the same the parser reads from no words",
          arguments: [[], ["play"]])
    func sameAsParser(words: [String]) throws {
        let quick = try #require(Soma.quickPlay(words))
        let parsed = try PlayCommand.parse([])
        #expect(Self.summary(quick) == Self.summary(parsed))
        #expect(Self.summary(quick) == "figure:- assist:- inputTest:false stateDir:- stateFile:- plain:false palette:- theme:- cells:-")
    }

    @Test("every property of the defaults holds a value, in the option groups too")
    func everyPropertySet() {
        #expect(Self.unset(PlayCommand.defaults) == [])
        // The check itself finds what is unset: a command made bare has every property unset.
        #expect(Self.unset(PlayCommand()) == ["_figure", "_progressOptions", "_assist", "_appearance", "_inputTest"])
        var partly = PlayCommand.defaults
        partly.appearance = AppearanceOptions()
        #expect(Self.unset(partly) == ["_appearance._plain", "_appearance._palette", "_appearance._theme", "_appearance._cells"])
    }

    @Test("words after play still go through the parser", arguments: [["play", "cube"], ["play", "--assist", "off"]])
    func wordsParsed(words: [String]) throws {
        let quick = try #require(Soma.quickPlay(words))
        #expect(Self.summary(quick) == Self.summary(try PlayCommand.parse(Array(words.dropFirst()))))
        #expect(Self.summary(quick) != Self.summary(PlayCommand.defaults))
    }
}
