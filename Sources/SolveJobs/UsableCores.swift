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
public enum UsableCores {
    public static let count: Int = {
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
    /// 0-3,8`), for a binary where the symbol cannot be looked up (the static release binary
    /// exports none). Read as bytes with open(2) and read(2): through String and split the same
    /// answer cost 0.6 million instructions, a tenth of `soma solve 3x20 --count` (issue 14).
    private static func allowedInProcStatus() -> Int? {
        let fd = open("/proc/self/status", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            bytes += chunk[..<n]
        }
        return cpuCount(inStatus: bytes)
    }

    /// The number of CPUs in the `Cpus_allowed_list:` line of a `/proc/PID/status` text: a
    /// comma-separated list of numbers and ranges (`0-3,8` is five).
    static func cpuCount(inStatus bytes: [UInt8]) -> Int? {
        let key = Array("Cpus_allowed_list:".utf8)
        var start = 0
        while start < bytes.count, !bytes[start...].starts(with: key) {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            start = newline + 1
        }
        guard start < bytes.count else { return nil }
        var total = 0, number: Int? = nil, rangeStart: Int? = nil
        for byte in bytes[(start + key.count)...] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                number = (number ?? 0) * 10 + Int(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "-"):
                guard let first = number, rangeStart == nil else { return nil }
                (rangeStart, number) = (first, nil)
            case UInt8(ascii: ","), UInt8(ascii: "\n"):
                guard let last = number, last >= (rangeStart ?? last) else { return nil }
                total += last - (rangeStart ?? last) + 1
                (rangeStart, number) = (nil, nil)
                if byte == UInt8(ascii: "\n") { return total }
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                continue
            default:
                return nil
            }
        }
        return nil
    }
    #endif
}
