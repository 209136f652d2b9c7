import Files
import Testing

/// Every command takes its places from `XDGPaths`, so these rules are what `soma design`,
/// `soma play` and `soma pento` all follow.
@Suite struct XDGPathsTests {
    @Test func unsetOrEmptyVariablesFallBackToHome() {
        let unset = XDGPaths(environment: ["HOME": "/home/ann"], home: "/unused")
        #expect(unset.configHome == "/home/ann/.config" && unset.stateHome == "/home/ann/.local/state")
        #expect(unset.cacheDirectory == "/home/ann/.cache/soma")
        let empty = XDGPaths(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "", "XDG_CACHE_HOME": ""],
                             home: "/unused")
        #expect(empty == unset)
    }

    @Test func absoluteVariablesAreUsed() {
        let places = XDGPaths(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/cfg", "XDG_STATE_HOME": "/st",
                                            "XDG_CACHE_HOME": "/cache"])
        #expect(places.figuresDirectory == "/cfg/soma/figures")
        #expect(places.cacheDirectory == "/cache/soma")
        #expect(places.stateDirectory == "/st/soma")
        #expect(places.progressFile() == "/st/soma/progress.json")
        #expect(places.designAutosave() == "/st/soma/design-autosave.figure")
    }

    /// The XDG spec: "If an implementation encounters a relative path in any of these variables
    /// it should consider the path invalid and ignore it." Before one resolver, `soma design`
    /// did so and the play menu did not, so a figure saved was not listed.
    @Test func relativeVariablesAreIgnored() {
        let places = XDGPaths(environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "cfg", "XDG_STATE_HOME": "./st",
                                            "XDG_CACHE_HOME": "c"])
        #expect(places.figuresDirectory == "/home/ann/.config/soma/figures")
        #expect(places.cacheDirectory == "/home/ann/.cache/soma")
        #expect(places.progressFile() == "/home/ann/.local/state/soma/progress.json")
        #expect(places.designAutosave() == "/home/ann/.local/state/soma/design-autosave.figure")
    }

    @Test func withoutHomeTheAccountsHomeDirectoryIsUsed() {
        #expect(XDGPaths(environment: [:], home: "/var/lib/ann").configHome == "/var/lib/ann/.config")
        #expect(XDGPaths(environment: ["HOME": ""], home: "/var/lib/ann").stateHome == "/var/lib/ann/.local/state")
    }

    @Test func aStateFolderGivenOnTheCommandLineReplacesTheDefault() {
        let places = XDGPaths(environment: ["HOME": "/home/ann"])
        #expect(places.progressFile(in: "/tmp/s") == "/tmp/s/progress.json")
        #expect(places.designAutosave(in: "/tmp/s") == "/tmp/s/design-autosave.figure")
    }
}
