import Foundation
import Testing

/// The binary `make install` puts in place runs on a machine without Swift (issue 17): it is
/// fully static (the Swift runtime, libc, the C++ runtime and ncurses linked in), which also
/// leaves the dynamic loader nothing to do at start-up (issue 14). Checked on the *installed*
/// copy, by the Makefile's own install step, in three ways: the ELF file asks for no loader
/// (`readelf`: no interpreter, no dynamic section, so no library and no search path into the
/// toolchain), running it with the toolchain's library folder hidden (a private mount namespace
/// with an empty folder mounted over it, where `unshare` is allowed; the release build of before
/// issue 17 fails there with "libswiftCore.so: cannot open shared object file"), and its size
/// (full Foundation would bring ICU's 30 MB of data with it).
@Suite("the installed binary needs no Swift toolchain", .timeLimit(.minutes(10)), .serialized,
       .requires(.soma))
struct InstalledBinaryTests {
    /// Under the issue's limit of 25 MB, with room for `soma serve`'s SSH code.
    static let maximumBytes = 25 << 20

    /// The folder of the Swift runtime this test process runs on (`…/usr/lib/swift/linux`), read
    /// from the process's own memory map: where a dynamically linked soma would find
    /// libswiftCore.so.
    static let toolchainLibraries: String? = {
        // Read to the end: /proc files have no size, and String(contentsOfFile:) reads none.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return nil }
        defer { try? handle.close() }
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        guard let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
              let slash = line.firstIndex(of: "/") else { return nil }
        return URL(fileURLWithPath: String(line[slash...])).deletingLastPathComponent().path
    }()

    /// `make install-binary PREFIX=<fresh folder>`: the install step of `make install`,
    /// without the build it depends on (the test runs inside `swift test`, which holds the build
    /// folder; `make test` built the release binary first).
    static func install() throws -> (prefix: String, binary: String) {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("soma-install-\(UUID().uuidString)").path
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let result = try Tmux.run(["make", "-s", "-C", root, "install-binary", "PREFIX=\(prefix)", "BIN=\(SomaBinary.path)"])
        try #require(result.status == 0, "make install-binary failed: \(result.output)\(result.error)")
        return (prefix, prefix + "/bin/soma")
    }

    /// A command line that runs `arguments` with an empty environment but for `environment`,
    /// and, where the system allows private mount namespaces, with the toolchain's library
    /// folder hidden under an empty one.
    static func hidden(_ arguments: [String], environment: [String] = []) -> [String] {
        let clean = ["env", "-i", "PATH=/usr/bin:/bin"] + environment + arguments
        guard let libraries = toolchainLibraries, namespacesWork else { return clean }
        return ["unshare", "--map-root-user", "--mount", "sh", "-c", "mount -t tmpfs none \"$0\" && exec \"$@\"", libraries]
            + clean
    }

    /// Whether `unshare` may make a mount namespace here (a container may forbid it); the
    /// `ldd` checks still hold where it may not.
    static let namespacesWork: Bool = {
        guard let libraries = toolchainLibraries,
              let result = try? Tmux.run(["unshare", "--map-root-user", "--mount", "sh", "-c",
                                          "mount -t tmpfs none \"$0\" && ! ls \"$0\"/libswiftCore.so", libraries])
        else { return false }
        return result.status == 0
    }()

    @Test("the installed soma is statically linked: no interpreter, no dynamic section")
    func isStaticallyLinked() throws {
        let (prefix, binary) = try Self.install()
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let headers = try Tmux.run(["readelf", "--program-headers", "--dynamic", binary])
        #expect(headers.status == 0, "\(headers.error)")
        #expect(headers.output.contains("LOAD"), "not an executable's program headers: \(headers.output)")
        #expect(!headers.output.contains("INTERP") && !headers.output.contains("Requesting program interpreter"),
                "soma asks for a dynamic loader: \(headers.output)")
        #expect(headers.output.contains("There is no dynamic section in this file"), "\(headers.output)")
        #expect(!headers.output.contains("NEEDED"), "soma names shared libraries: \(headers.output)")
        let size = try FileManager.default.attributesOfItem(atPath: binary)[.size] as? Int ?? 0
        #expect(size > 0 && size < Self.maximumBytes, "the installed binary has \(size) bytes")
    }

    @Test("the toolchain's library folder is found and can be hidden here")
    func toolchainCanBeHidden() {
        #expect(Self.toolchainLibraries != nil, "no libswiftCore.so in this test process's memory map")
        #expect(Self.namespacesWork, "unshare cannot mount over \(Self.toolchainLibraries ?? "?") here")
    }

    @Test("runs --version and a count with the toolchain's libraries hidden")
    func runsWithoutTheToolchain() throws {
        let (prefix, binary) = try Self.install()
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let version = try Tmux.run(Self.hidden([binary, "--version"]))
        #expect(version.status == 0 && version.output == "0.1.0\n", "\(version)")
        let count = try Tmux.run(Self.hidden([binary, "solve", "cube", "--count"]))
        #expect(count.status == 0 && count.output == "Cube: 240 distinct solutions (11520 raw)\n", "\(count)")
        #expect(count.error.isEmpty, "\(count.error)")
    }

    /// `soma serve` runs `soma-server`, installed beside `soma`: a binary of its own because
    /// swift-nio-ssh brings full Foundation (docs/ARCHITECTURE.md). It too must run where no
    /// toolchain is; it is not held to the game's 25 MB.
    @Test("soma serve reaches the installed soma-server, which needs no toolchain either")
    func serverRunsWithoutTheToolchain() throws {
        let (prefix, binary) = try Self.install()
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let server = prefix + "/bin/soma-server"
        let ldd = try Tmux.run(["ldd", server])
        #expect(ldd.status == 0 && !ldd.output.contains("swift") && !ldd.output.contains("not found"), "\(ldd.output)")
        let help = try Tmux.run(Self.hidden([binary, "serve", "--help"]))
        #expect(help.status == 0 && help.output.contains("--listen <host:port>"), "\(help)")
        let bad = try Tmux.run(Self.hidden([binary, "serve", "--listen", "nowhere"]))
        #expect(bad.status == 2 && bad.error.hasPrefix("Error: The value 'nowhere' is invalid for '--listen <host:port>'"), "\(bad)")
    }

    @Test("the game starts in tmux with the toolchain's libraries hidden, and quits cleanly",
          .requires(.tmux))
    func playsWithoutTheToolchain() throws {
        let (prefix, binary) = try Self.install()
        defer { try? FileManager.default.removeItem(atPath: prefix) }
        let command = Self.hidden([binary, "play"], environment: [
            "TERM=xterm-256color", "XDG_STATE_HOME=\(Tmux.sandbox)/state", "XDG_CONFIG_HOME=\(Tmux.sandbox)/config",
        ]).map { "'\($0)'" }.joined(separator: " ") + "; echo \"EXIT=$?\"; exec sleep 600"
        let tmux = try Tmux(command, width: 100, height: 36)
        #expect(tmux.waitForScreen(containing: "moves 0"), "\((try? tmux.screen()) ?? "")")
        #expect(try tmux.modes() == .playing)
        try tmux.send(keys: "q")
        #expect(tmux.waitForExit() == 0, "\((try? tmux.screen()) ?? "")")
    }
}
