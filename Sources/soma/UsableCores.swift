#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The number of cores this process may run on: its CPU affinity (`taskset`, a container's or
/// a batch system's CPU set), not the machine's count, so that a job given 4 of 64 cores starts
/// 4 worker threads, not 64.
enum UsableCores {
    static let count: Int = {
        #if os(Linux)
        if let n = affinityCount() ?? allowedInProcStatus(), n >= 1 { return n }
        #endif
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
    }()

    #if os(Linux)
    /// `sched_getaffinity(2)`, looked up at run time: Swift's Glibc module does not declare it
    /// (it is a GNU extension).
    private static func affinityCount() -> Int? {
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer?) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sched_getaffinity") else { return nil }
        let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
        // Room for 4096 CPUs.
        var set = [UInt64](repeating: 0, count: 64)
        let status = set.withUnsafeMutableBytes { getAffinity(0, $0.count, $0.baseAddress) }
        guard status == 0 else { return nil }
        return set.reduce(0) { $0 + $1.nonzeroBitCount }
    }

    /// The same set as the kernel reports it in `/proc/self/status` (`Cpus_allowed_list:
    /// 0-3,8`), for a binary where the symbol cannot be looked up.
    private static func allowedInProcStatus() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed_list:") })
        else { return nil }
        var total = 0
        for range in line.dropFirst("Cpus_allowed_list:".count).split(separator: ",") {
            let ends = range.split(separator: "-").compactMap { Int($0.filter { $0 != " " && $0 != "\t" }) }
            guard let first = ends.first, let last = ends.last, last >= first else { return nil }
            total += last - first + 1
        }
        return total
    }
    #endif
}
