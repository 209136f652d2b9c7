/// Cuts the bytes read from the terminal into `RawInput` units the way ncurses' `wget_wch`
/// does, but from bytes read in bulk: a pure value, so every split, late or garbled sequence is
/// testable without a terminal.
///
/// Why not ncurses' own reading: it takes one byte per `read(2)`, each after a `poll(2)`, so the
/// terminal's 26-byte answer to the background-colour query cost 52 system calls at every login
/// (about 0.4 ms of a served game's CPU, issue 35), and a mouse report over SSH a dozen pairs.
/// The key table stays ncurses' own (terminfo's keys and those soma adds with `define_key`),
/// asked through `key_defined`: the same sequences become the same keys as before.
///
/// The rules, as ncurses' key tree has them: from the first pending byte, a longer and longer
/// run is looked up while it is only the beginning of a key; a whole key is consumed and given
/// as its code; a run that matches nothing (or a beginning that the terminal did not complete
/// within the escape delay) gives its first byte alone, as a character, and the rest is cut
/// again from the next byte. Characters are UTF-8 where the locale is.
struct RawInputSplitter: Sendable {
    /// What the key table says of a run of bytes (`key_defined`).
    enum KeyMatch: Hashable, Sendable {
        /// The run is exactly this key.
        case key(Int32)
        /// The run begins one or more keys and is none itself.
        case prefix
        /// No key is or begins with the run.
        case none
    }

    /// One unit cut from the pending bytes.
    enum Unit: Hashable, Sendable {
        case character(Unicode.Scalar)
        /// A key from the table, by its ncurses code.
        case key(Int32)
        /// The pending bytes begin a key or a character that is not complete: read more (up to
        /// the escape delay), then ask again with `expired` set if nothing came.
        case incomplete
    }

    /// Longer runs are no key of any terminal: the first byte is a character then.
    static let longestKey = 32

    /// Whether characters are UTF-8 (the locale's character set); otherwise each byte is one.
    let isUTF8: Bool
    private var bytes: [UInt8] = []
    /// Where the pending bytes start in `bytes` (consumed ones are dropped in batches).
    private var start = 0

    init(isUTF8: Bool) { self.isUTF8 = isUTF8 }

    /// Whether no byte is pending.
    var isEmpty: Bool { start == bytes.count }

    /// How many bytes are pending.
    var pendingCount: Int { bytes.count - start }

    /// Adds bytes just read.
    mutating func append<Bytes: Sequence>(_ chunk: Bytes) where Bytes.Element == UInt8 {
        if start > 0 && start >= bytes.count / 2 {
            bytes.removeFirst(start)
            start = 0
        }
        bytes.append(contentsOf: chunk)
    }

    /// The next unit, or nil when nothing is pending.
    /// - Parameters:
    ///   - expired: the escape delay has passed since `.incomplete` was last returned with
    ///     nothing read since: what is pending is cut as it is.
    ///   - keys: the key table.
    mutating func next(expired: Bool = false, keys: (ArraySlice<UInt8>) -> KeyMatch) -> Unit? {
        while start < bytes.count {
            var length = 1
            matching: while true {
                let end = start + length
                switch keys(bytes[start..<end]) {
                case .key(let code):
                    start = end
                    return .key(code)
                case .none:
                    break matching
                case .prefix:
                    if end == bytes.count {
                        if !expired { return .incomplete }
                        break matching
                    }
                    if length >= Self.longestKey { break matching }
                    length += 1
                }
            }
            if let unit = character(expired: expired) { return unit }
            // A byte that begins no character was dropped: cut again from the next.
        }
        return nil
    }

    /// The character at `start`: consumed and returned; `.incomplete` when its bytes have not
    /// all come; nil when the byte begins no character (it is dropped: garbled input is never
    /// a key).
    private mutating func character(expired: Bool) -> Unit? {
        let lead = bytes[start]
        guard isUTF8, lead >= 0x80 else {
            start += 1
            return .character(Unicode.Scalar(lead))
        }
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default:
            start += 1
            return nil
        }
        let available = bytes.count - start
        for offset in 1..<min(length, available) where bytes[start + offset] & 0xC0 != 0x80 {
            start += 1   // broken before its end: the lead byte is dropped, the rest cut again
            return nil
        }
        guard available >= length else {
            if expired {
                start += 1
                return nil
            }
            return .incomplete
        }
        var decoder = Unicode.UTF8()
        var iterator = bytes[start..<(start + length)].makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            start += length
            return .character(scalar)
        }
        start += 1   // overlong or surrogate: not a character
        return nil
    }
}
