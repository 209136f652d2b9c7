#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// `format` filled in by the C library's `printf` rules (`"%.4f"`, `"\\u%04x"`), so numbers
    /// print exactly as before. Full Foundation's `String(format:)` would do the same but bring
    /// full Foundation and its ICU data (60 MB) into the static binary (issue 17).
    public init(printf format: String, _ arguments: any CVarArg...) {
        // The length first, then the text: a va_list cannot be read twice.
        let length = withVaList(arguments) { vsnprintf(nil, 0, format, $0) }
        guard length > 0 else {
            self = ""
            return
        }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        _ = withVaList(arguments) { list in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, list) }
        }
        self = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
