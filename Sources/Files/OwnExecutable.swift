#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// This process's binary, for the binaries installed beside it (`soma serve` runs
/// `soma-server`, which runs `soma` for every session): the file the kernel ran, not `argv[0]`,
/// which any caller may set to anything.
public enum OwnExecutable {
    /// The path of the running binary; nil where `/proc/self/exe` cannot be read.
    public static var path: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The file `name` in the folder of the running binary.
    public static func sibling(_ name: String) -> String? {
        guard let path, let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash]) + "/" + name
    }
}
