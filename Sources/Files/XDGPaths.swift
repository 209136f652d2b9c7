#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where soma keeps the player's files, worked out once from the environment by the rules of the
/// XDG Base Directory specification, so that every command looks in the same places: a figure
/// `soma design` saves is one the play menu lists.
///
/// The specification says a relative path in `$XDG_CONFIG_HOME`, `$XDG_STATE_HOME` or
/// `$XDG_CACHE_HOME` is invalid and to be ignored, as is an empty one; then the defaults
/// `$HOME/.config`, `$HOME/.local/state` and `$HOME/.cache` apply.
public struct XDGPaths: Equatable, Sendable {
    /// `$XDG_CONFIG_HOME`, or `$HOME/.config`: settings and the player's own figures.
    public let configHome: String
    /// `$XDG_STATE_HOME`, or `$HOME/.local/state`: progress and the design in progress.
    public let stateHome: String
    /// `$XDG_CACHE_HOME`, or `$HOME/.cache`: what can be worked out again (solution counts).
    public let cacheHome: String

    /// `home` stands in for `$HOME` when the environment has none (the password database's
    /// home directory, in the program).
    public init(environment: [String: String], home: @autoclosure () -> String = FileManager.default.homeDirectoryForCurrentUser.path) {
        let homeDirectory = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home()
        func base(_ variable: String, default suffix: String) -> String {
            if let value = environment[variable], value.hasPrefix("/") { return value }
            return homeDirectory + suffix
        }
        configHome = base("XDG_CONFIG_HOME", default: "/.config")
        stateHome = base("XDG_STATE_HOME", default: "/.local/state")
        cacheHome = base("XDG_CACHE_HOME", default: "/.cache")
    }

    /// The places for this process's environment.
    /// Four `getenv` calls: `ProcessInfo.environment` builds a dictionary of the whole
    /// environment, 2.4 million instructions of a login's start-up (issue 35).
    public static var current: XDGPaths {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return XDGPaths(environment: environment)
    }

    /// The player's own figures: where `soma design` saves and what the play menu lists.
    public var figuresDirectory: String { configHome + "/soma/figures" }

    /// The generated figures kept (`GeneratedFigures`): a folder inside the player's figures.
    public var generatedDirectory: String { figuresDirectory + "/generated" }

    /// The player's settings (palette, theme, plain mode, keys): `$XDG_CONFIG_HOME/soma/config.toml`.
    public var settingsFile: String { configHome + "/soma/config.toml" }

    /// soma's state: the progress file and the designer's autosave.
    public var stateDirectory: String { stateHome + "/soma" }

    /// soma's cache: the solution counts of the player's figures.
    public var cacheDirectory: String { cacheHome + "/soma" }

    /// The saved progress of `soma play` and `soma pento`, in `folder` (a `--state-dir`) or in
    /// `stateDirectory`.
    public func progressFile(in folder: String? = nil) -> String {
        (folder ?? stateDirectory) + "/progress.json"
    }

    /// The design in progress, autosaved by `soma design`, in `folder` or in `stateDirectory`.
    public func designAutosave(in folder: String? = nil) -> String {
        (folder ?? stateDirectory) + "/design-autosave.figure"
    }
}
