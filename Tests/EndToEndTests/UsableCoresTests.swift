import Foundation
import Testing

/// `soma solve` starts as many worker threads as the cores the process may use (its CPU
/// affinity, as `taskset`, a container or a batch system sets it), not the machine's count, and
/// `--threads` cannot ask for more (issue 14). Seen from outside: the `Threads:` line of
/// `/proc/PID/status` while a long search (3x4x5, seconds) runs.
@Suite("soma solve uses the cores it may use", .timeLimit(.minutes(10)),
       .requires(.soma),
       .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status"), "no /proc here"))
struct UsableCoresTests {
    /// The most threads of `soma solve 3x4x5 --count EXTRA` run under `taskset -c CPUS`, read
    /// every 10 ms until the process has used 0.5 s of CPU (its set-up takes milliseconds, so the
    /// search is running by then), however slowly a loaded machine lets it get there.
    static func threads(cpus: String, extra: [String]) throws -> Int? {
        let script = """
            cpus=$1; shift
            taskset -c "$cpus" "$0" solve 3x4x5 --count "$@" >/dev/null & p=$!
            i=0; most=0
            while [ $i -lt 3000 ]; do
              t=$(awk '{print $14}' /proc/$p/stat 2>/dev/null) || break
              n=$(awk '/^Threads:/ {print $2}' /proc/$p/status 2>/dev/null) || break
              [ "${n:-0}" -gt "$most" ] && most=$n
              [ "${t:-0}" -ge 50 ] && break
              sleep 0.01; i=$((i+1))
            done
            echo "Threads: $most"
            kill $p; wait $p 2>/dev/null; true
            """
        let result = try Tmux.run(["sh", "-c", script, SomaBinary.path, cpus] + extra)
        let line = result.output.split(separator: "\n").first { $0.hasPrefix("Threads:") }
        return line.flatMap { Int($0.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces)) }
    }

    @Test("on one allowed core: one thread, even when --threads asks for eight")
    func oneCore() throws {
        #expect(try Self.threads(cpus: "0", extra: []) == 1)
        #expect(try Self.threads(cpus: "0", extra: ["--threads", "8"]) == 1)
    }

    @Test("on two allowed cores: workers beside the main thread",
          .enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2, "one core here"))
    func twoCores() throws {
        let threads = try #require(try Self.threads(cpus: "0,1", extra: []))
        #expect(threads > 1)
    }
}
